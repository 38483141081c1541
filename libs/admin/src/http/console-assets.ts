import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One static file of the console: its bytes and its content type. */
export interface ConsoleAsset {
  readonly body: Buffer;
  readonly type: string;
}

const HTML = 'text/html; charset=utf-8';
const SCRIPT = 'text/javascript; charset=utf-8';
const STYLE = 'text/css; charset=utf-8';

/**
 * Every file the console serves, by name: nothing outside this list is ever read, so no request path can
 * name another file (no traversal, no directory listing).
 */
export const CONSOLE_FILES: Readonly<Record<string, string>> = {
  'index.html': HTML,
  'console.css': STYLE,
  'console.js': SCRIPT,
  'admin-api.js': SCRIPT,
  'dom.js': SCRIPT,
  'session.js': SCRIPT,
  'access-view.js': SCRIPT,
  'approvals-view.js': SCRIPT,
  'live-view.js': SCRIPT,
  'audit-view.js': SCRIPT,
};

/**
 * The headers of every console file. The page runs only its own scripts and styles (no inline script, no
 * other origin), may talk only to its own origin, is never framed, and keeps no copy: it holds no data
 * itself — everything it shows comes from the credentialed admin API. Trusted Types make any `innerHTML`
 * with a string throw, so data can only ever become text.
 */
export const CONSOLE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "require-trusted-types-for 'script'",
    "trusted-types 'none'",
  ].join('; '),
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/**
 * The console's files, read from the folder shipped beside this code (`../console`, in the sources as in
 * dist/ and the package) on first use and kept: a few kilobytes, never re-read.
 */
export class ConsoleAssets {
  private readonly cache = new Map<string, ConsoleAsset>();

  constructor(private readonly folder = join(__dirname, '..', 'console')) {}

  /** The named file, or undefined for any name not on the list. */
  get(name: string): ConsoleAsset | undefined {
    if (!Object.hasOwn(CONSOLE_FILES, name)) return undefined;
    let asset = this.cache.get(name);
    if (!asset) {
      asset = { body: readFileSync(join(this.folder, name)), type: CONSOLE_FILES[name] };
      this.cache.set(name, asset);
    }
    return asset;
  }
}
