import { readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A place in a file: 1-based line and column, as a stack frame gives them. */
export interface SourcePosition {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

const MAPPING_URL = /\/\/# sourceMappingURL=(\S+)\s*$/;
const DATA_URL = /^data:application\/json(?:;charset=[\w-]+)?;base64,(.+)$/;

/**
 * Where a place in compiled JavaScript was written, through the file's source map (`tsc` output's
 * `//# sourceMappingURL=`, to a file or inline): the `.ts` line a developer edits. The place itself
 * when the file has no readable map. Read from disk, because the runtime keeps source maps only
 * under `--enable-source-maps`; only a wrong decorator pays for it.
 */
export function originalPosition(place: SourcePosition): SourcePosition {
  try {
    const found = readSourceMap(place.file);
    if (!found) return place;
    const entry = new SourceMap(found.payload).findEntry(place.line - 1, place.column - 1);
    if (!('originalSource' in entry)) return place;
    const source = entry.originalSource.startsWith('file://')
      ? fileURLToPath(entry.originalSource)
      : resolve(found.dir, found.payload.sourceRoot ?? '', entry.originalSource);
    return { file: source, line: entry.originalLine + 1, column: entry.originalColumn + 1 };
  } catch {
    return place;
  }
}

/** The source map of `file` and the folder its relative `sources` start from. */
function readSourceMap(file: string): { payload: SourceMapPayload; dir: string } | undefined {
  const url = MAPPING_URL.exec(readFileSync(file, 'utf8'))?.[1];
  if (url === undefined) return undefined;
  const inline = DATA_URL.exec(url)?.[1];
  if (inline !== undefined) {
    return { payload: JSON.parse(Buffer.from(inline, 'base64').toString('utf8')), dir: dirname(file) };
  }
  const mapFile = resolve(dirname(file), decodeURIComponent(url));
  return { payload: JSON.parse(readFileSync(mapFile, 'utf8')), dir: dirname(mapFile) };
}
