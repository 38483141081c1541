import { OPERATION_KINDS, type OperationKind } from '@myko/registry';
import { LIVE_URI_PREFIX } from '../../../dispatch.constants';
import { InvalidParamsError } from '../../../errors';

/** Longest live URI accepted: its arguments are parsed and kept while watched. */
export const MAX_LIVE_URI_LENGTH = 8192;

/** A parsed live URI: which read, with which arguments. */
export interface LiveQuery {
  readonly kind: OperationKind;
  readonly id: string;
  /** `<kind>_<id>` */
  readonly name: string;
  readonly args: Record<string, unknown>;
}

const PATH = /^([a-z]+)\/([A-Za-z_$][A-Za-z0-9_$]*)$/;

function badUri(uri: string, why: string): InvalidParamsError {
  return new InvalidParamsError(`${why} (a live URI is myko://live/<kind>/<id>?args=<URL-encoded JSON object>)`, {
    uri: uri.slice(0, 200),
  });
}

function parseArgs(uri: string, search: string): Record<string, unknown> {
  const params = new URLSearchParams(search);
  const keys = [...new Set(params.keys())];
  if (keys.some((key) => key !== 'args') || params.getAll('args').length > 1) {
    throw badUri(uri, 'the only query parameter is args, once');
  }
  const raw = params.get('args');
  if (raw === null || raw === '') return {};
  let args: unknown;
  try {
    args = JSON.parse(raw);
  } catch (error) {
    throw badUri(uri, `args is not valid JSON (${(error as Error).message})`);
  }
  if (typeof args !== 'object' || args === null || Array.isArray(args)) throw badUri(uri, 'args must be a JSON object');
  return args as Record<string, unknown>;
}

/**
 * Parses `myko://live/<kind>/<id>?args=<JSON>`; undefined when `uri` is not a live URI at all.
 * @throws InvalidParamsError naming what is wrong with a malformed one
 */
export function parseLiveUri(uri: string): LiveQuery | undefined {
  if (!uri.startsWith(LIVE_URI_PREFIX)) return undefined;
  if (uri.length > MAX_LIVE_URI_LENGTH) throw badUri(uri, `longer than ${MAX_LIVE_URI_LENGTH} characters`);
  const rest = uri.slice(LIVE_URI_PREFIX.length);
  const mark = rest.indexOf('?');
  const path = mark === -1 ? rest : rest.slice(0, mark);
  const match = PATH.exec(path);
  if (!match || !(OPERATION_KINDS as readonly string[]).includes(match[1]) || match[1] === 'command') {
    throw badUri(uri, 'expected a query, view or report kind and an operation id');
  }
  const [, kind, id] = match as unknown as [string, OperationKind, string];
  return { kind, id, name: `${kind}_${id}`, args: mark === -1 ? {} : parseArgs(uri, rest.slice(mark + 1)) };
}

/** The live URI of a read with these arguments (the form `search` entries and docs show). */
export function liveUri(kind: OperationKind, id: string, args?: Record<string, unknown>): string {
  const base = `${LIVE_URI_PREFIX}${kind}/${id}`;
  return args && Object.keys(args).length > 0 ? `${base}?args=${encodeURIComponent(JSON.stringify(args))}` : base;
}
