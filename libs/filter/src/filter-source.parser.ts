import { ClientFilters } from './client-filters';
import { FilterParseError } from './errors/filter-parse.error';
import { FILTER_ENV_VARS, FILTER_HEADERS } from './filter.constants';
import { FiltersCache } from './filters.cache';
import type { FilterSourceNames } from './interfaces/filter-spec.interface';

/** Request headers as Node gives them (`IncomingHttpHeaders`), or any record of header values. */
export type HeaderBag = Readonly<Record<string, string | readonly string[] | number | undefined>>;

type FilterTexts = Record<Exclude<keyof FilterSourceNames, 'approval'>, string | undefined>;

/**
 * What a client narrowed its profile with, as it sent it (the non-empty `X-Myko-Tool-*` header texts): data that
 * can be stored (a paused execution keeps it) and turned back into the same filters by {@link filtersFromNarrowing}.
 * @publicApi
 */
export type FilterNarrowing = Partial<Record<keyof typeof FILTER_HEADERS, string>>;

const cache = new FiltersCache();

function headerValues(headers: HeaderBag, name: string): string[] {
  const wanted = name.toLowerCase();
  const values: string[] = [];
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    if (Array.isArray(value)) values.push(...value.map(String));
    else values.push(String(value));
  }
  return values;
}

/**
 * Repeated visibility headers are joined like Node joins repeated headers (a comma list). A repeated
 * callability header is refused: two JSON objects have no single meaning.
 */
function headerText(headers: HeaderBag, name: string, joinable: boolean): string | undefined {
  const values = headerValues(headers, name);
  if (values.length <= 1) return values[0];
  if (joinable) return values.join(',');
  throw new FilterParseError(name, `sent ${values.length} times; send one JSON object`);
}

function build(texts: FilterTexts, names: FilterSourceNames): ClientFilters {
  const parts = [texts.visibilityAllow, texts.visibilityDeny, texts.callableAllow, texts.callableDeny];
  if (parts.every((text) => text === undefined || text.trim() === '')) return ClientFilters.ALLOW_ALL;
  return cache.getOrCreate(JSON.stringify(parts), () =>
    ClientFilters.from(
      {
        visibility: { allow: texts.visibilityAllow, deny: texts.visibilityDeny },
        callable: { allow: texts.callableAllow, deny: texts.callableDeny },
      },
      names,
    ),
  );
}

/**
 * The filters a client asks for in its `X-Myko-Tool-*` headers (HTTP request or WebSocket
 * handshake). Header names are case-insensitive; absent or empty headers do not restrict.
 * Throws `FilterParseError` naming the malformed header.
 * @publicApi
 */
export function filtersFromHeaders(headers: HeaderBag): ClientFilters {
  return filtersFromNarrowing(narrowingFromHeaders(headers) ?? {});
}

/**
 * The narrowing a client's `X-Myko-Tool-*` headers ask for, as texts (absent and empty headers left out), or
 * undefined when they ask none. Throws `FilterParseError` for a repeated callability header.
 * @publicApi
 */
export function narrowingFromHeaders(headers: HeaderBag): FilterNarrowing | undefined {
  const texts: FilterTexts = {
    visibilityAllow: headerText(headers, FILTER_HEADERS.visibilityAllow, true),
    visibilityDeny: headerText(headers, FILTER_HEADERS.visibilityDeny, true),
    callableAllow: headerText(headers, FILTER_HEADERS.callableAllow, false),
    callableDeny: headerText(headers, FILTER_HEADERS.callableDeny, false),
  };
  const given = Object.entries(texts).filter(([, text]) => text !== undefined && text.trim() !== '');
  return given.length === 0 ? undefined : (Object.fromEntries(given) as FilterNarrowing);
}

/**
 * The filters of a narrowing (as the headers it came from would give). Throws `FilterParseError` naming the
 * malformed header.
 * @publicApi
 */
export function filtersFromNarrowing(narrowing: FilterNarrowing): ClientFilters {
  return build(
    {
      visibilityAllow: narrowing.visibilityAllow,
      visibilityDeny: narrowing.visibilityDeny,
      callableAllow: narrowing.callableAllow,
      callableDeny: narrowing.callableDeny,
    },
    FILTER_HEADERS,
  );
}

/**
 * The narrowing a stdio server's `MYKO_MCP_TOOL_*` environment variables ask for, as texts (unset and empty ones
 * left out), or undefined when they ask none: what an execution record keeps, as it keeps a request's headers.
 * @publicApi
 */
export function narrowingFromEnv(
  env: Readonly<Record<string, string | undefined>> = process.env,
): FilterNarrowing | undefined {
  const names = Object.entries(FILTER_ENV_VARS) as [keyof FilterNarrowing, string][];
  const given = names.map(([key, name]) => [key, env[name]] as const).filter(([, text]) => text?.trim());
  return given.length === 0 ? undefined : (Object.fromEntries(given) as FilterNarrowing);
}

/**
 * The filters of a stdio server, from `MYKO_MCP_TOOL_*` environment variables (read once at start).
 * Unset or empty variables do not restrict. Throws `FilterParseError` naming the malformed variable.
 * @publicApi
 */
export function filtersFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): ClientFilters {
  return build(
    {
      visibilityAllow: env[FILTER_ENV_VARS.visibilityAllow],
      visibilityDeny: env[FILTER_ENV_VARS.visibilityDeny],
      callableAllow: env[FILTER_ENV_VARS.callableAllow],
      callableDeny: env[FILTER_ENV_VARS.callableDeny],
    },
    FILTER_ENV_VARS,
  );
}
