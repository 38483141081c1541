import { DEFAULT_AUDIT_LIMIT, MAX_AUDIT_LIMIT } from '../admin.constants';
import { AdminRequestError } from '../errors';
import type { AuditQuery } from '../interfaces';

const FILTERS = ['principal', 'operation', 'outcome', 'kind'] as const;
const KNOWN = [...FILTERS, 'since', 'until', 'limit', 'cursor'];
const MAX_FILTER_CHARS = 300;
/** A date, optionally with a time and zone: what `Date.parse` reads the same everywhere. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** The query string of `GET <path>/audit`, checked: an unknown parameter, a bad time or limit is a 400. */
export function auditQueryOf(req: { url?: string }): AuditQuery {
  const params = new URL(req.url ?? '/', 'http://admin.invalid').searchParams;
  const query: Record<string, string | number> = {};
  for (const [name, value] of params) {
    if (!KNOWN.includes(name))
      throw new AdminRequestError(400, `Unknown parameter ${name} (known: ${KNOWN.join(', ')})`);
    if (value === '' || value.length > MAX_FILTER_CHARS) {
      throw new AdminRequestError(400, `\`${name}\` must be 1 to ${MAX_FILTER_CHARS} characters`);
    }
    query[name] = value;
  }
  for (const field of ['since', 'until'] as const) if (field in query) query[field] = timeOf(field, `${query[field]}`);
  if (typeof query.since === 'number' && typeof query.until === 'number' && query.since > query.until) {
    throw new AdminRequestError(400, '`since` must not be after `until`');
  }
  return { ...query, limit: limitOf(params.get('limit')) } as AuditQuery;
}

function timeOf(field: string, text: string): number {
  const ms = ISO_TIME.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(ms))
    throw new AdminRequestError(400, `\`${field}\` must be an ISO 8601 time (2026-05-01T12:00:00Z)`);
  return ms;
}

function limitOf(text: string | null): number {
  if (text === null) return DEFAULT_AUDIT_LIMIT;
  const limit = /^\d{1,4}$/.test(text) ? Number(text) : Number.NaN;
  if (!(limit >= 1 && limit <= MAX_AUDIT_LIMIT)) {
    throw new AdminRequestError(400, `\`limit\` must be a whole number from 1 to ${MAX_AUDIT_LIMIT}`);
  }
  return limit;
}
