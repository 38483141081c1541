import { realpath } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';

const URL_SOURCE = /^https?:\/\//i;

/** A `$ref` points outside the places the document may read from. */
export class RefOutsideRootsError extends Error {
  constructor(target: string, roots: readonly string[]) {
    super(`$ref ${target} is outside ${roots.join(', ')} (list its folder or URL prefix in refRoots to allow it)`);
    this.name = 'RefOutsideRootsError';
  }
}

/** A folder as a real path, or a URL prefix ending in `/`. */
function rootOf(entry: string, baseDir: string): string {
  if (URL_SOURCE.test(entry)) {
    const url = new URL(entry);
    return url.pathname.endsWith('/') ? url.href : `${url.href}/`;
  }
  return isAbsolute(entry) ? entry : resolve(baseDir, entry);
}

/**
 * Where a document's `$ref`s may point: the document's own folder (a file) or origin (a URL), and the
 * operator's `refRoots`. Without it a `$ref: ../../secrets.yaml` or one to an internal URL would be read
 * at start and bundled into schemas every agent can read.
 */
export class RefRoots {
  private constructor(private readonly roots: readonly string[]) {}

  /** The roots of the document at `source` (an absolute path or an http(s) URL), folders made real. */
  static async of(source: string, extra: readonly string[] = [], baseDir = process.cwd()): Promise<RefRoots> {
    const own = URL_SOURCE.test(source) ? new URL('/', source).href : dirname(source);
    const roots = [own, ...extra].map((entry) => rootOf(entry, baseDir));
    const real = await Promise.all(
      roots.map((root) => (URL_SOURCE.test(root) ? root : realpath(root).catch(() => root))),
    );
    return new RefRoots(real);
  }

  /**
   * Asserts that `target` (a URL, or a file path percent-encoded as the `$ref` parser gives it) is under a
   * root; a file's real path is checked, so a symbolic link cannot lead out. Returns the file path to read.
   * @throws RefOutsideRootsError
   */
  async assertInside(target: string): Promise<string> {
    if (URL_SOURCE.test(target)) {
      const href = new URL(target).href;
      if (this.roots.some((root) => URL_SOURCE.test(root) && href.startsWith(root))) return href;
      throw new RefOutsideRootsError(href, this.roots);
    }
    const path = decodeURI(target.replace(/^file:\/\//i, '')).replace(/[/\\]+$/, '');
    const real = await realpath(path).catch(() => resolve(path));
    const inside = (root: string) => {
      const rel = relative(root, real);
      return !URL_SOURCE.test(root) && rel.split(sep)[0] !== '..' && !isAbsolute(rel);
    };
    if (this.roots.some(inside)) return real;
    throw new RefOutsideRootsError(real === resolve(path) ? path : `${path} (a link to ${real})`, this.roots);
  }
}
