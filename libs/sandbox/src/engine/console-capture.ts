import type { SandboxConsole } from '../interfaces/sandbox-run.interface';

const LEVELS = new Set(['log', 'info', 'warn', 'error', 'debug']);

/** Host-side store of a run's console lines (`[level] text`), capped in UTF-8 bytes. */
export class ConsoleCapture {
  private readonly lines: string[] = [];
  private bytes = 0;
  private truncated = false;

  constructor(private readonly maxBytes: number) {}

  /** Stores one line; returns whether more output is welcome (so the isolate can stop formatting). */
  write(level: unknown, text: unknown): boolean {
    if (this.truncated) return false;
    if (typeof level !== 'string' || !LEVELS.has(level) || typeof text !== 'string') return true;
    const line = `${this.lines.length > 0 ? '\n' : ''}[${level}] ${text}`;
    const size = Buffer.byteLength(line);
    if (this.bytes + size <= this.maxBytes) {
      this.lines.push(line);
      this.bytes += size;
      return true;
    }
    this.lines.push(cutToBytes(line, this.maxBytes - this.bytes));
    this.bytes = this.maxBytes;
    this.truncated = true;
    return false;
  }

  snapshot(): SandboxConsole {
    return { text: this.lines.join(''), truncated: this.truncated };
  }
}

/** The longest prefix of `text` that fits in `maxBytes` of UTF-8, never ending in half a character. */
export function cutToBytes(text: string, maxBytes: number): string {
  if (maxBytes <= 0) return '';
  const cut = Buffer.from(text).subarray(0, maxBytes).toString();
  return cut.endsWith('\uFFFD') && !text.startsWith(cut) ? cut.slice(0, -1) : cut;
}
