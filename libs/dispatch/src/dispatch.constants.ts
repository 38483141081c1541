/** Injection token of the resolved `DispatchModuleOptions`. */
export const DISPATCH_OPTIONS = 'MYKO_DISPATCH_OPTIONS';
/** Injection token of the `InstructionsSource` that `initialize` and `server/discover` answer from. */
export const SERVER_INSTRUCTIONS = 'MYKO_SERVER_INSTRUCTIONS';

/** JSON-RPC 2.0 and MCP error codes used on the wire. */
export const JSON_RPC_ERROR_CODES = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  RESOURCE_NOT_FOUND: -32002,
} as const;

/** Implementation-defined server error (JSON-RPC reserves -32000…-32099): the server is shutting down. */
export const SERVER_SHUTTING_DOWN = -32000;

/**
 * Implementation-defined server error: shared state (Redis) could not be reached or did not answer in
 * time. Nothing was done; the client may retry (`data.retryable`).
 */
export const STATE_UNAVAILABLE = -32010;

/** Protocol revisions this server speaks, newest first; the first is answered when the client's is unknown. */
export const SUPPORTED_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;

export const LATEST_PROTOCOL_VERSION = SUPPORTED_PROTOCOL_VERSIONS[0];

/** The two meta tools Code Mode advertises. */
export const SEARCH_TOOL = 'search';
export const EXECUTE_TOOL = 'execute';

/** Prefix of the per-operation input-schema resources: `myko://schema/<kind>/<id>`. */
export const SCHEMA_URI_PREFIX = 'myko://schema/';
export const SCHEMA_URI_TEMPLATE = 'myko://schema/{kind}/{id}';

/** Page size of `resources/list`, `tools/list` and `prompts/list`. */
export const RESOURCE_PAGE_SIZE = 100;
export const LIST_PAGE_SIZE = 100;

/** Defaults of the MCP utilities (see `DispatchModuleOptions`). */
export const DEFAULT_LOG_LEVEL = 'info';
export const DEFAULT_CLIENT_REQUEST_TIMEOUT_MS = 300_000;

/** Prefix of the ids of our requests to the client: `myko-srv-1`, `myko-srv-2`, … per session. */
export const SERVER_REQUEST_ID_PREFIX = 'myko-srv-';

/**
 * A response is held back until this long after the request's last progress notification: the
 * TypeScript SDK drops a progress that arrives in the same chunk as the result (SDK issue #2580).
 */
export const PROGRESS_SETTLE_MS = 20;

/** `search` limits. */
export const SEARCH_DEFAULT_LIMIT = 20;
export const SEARCH_MAX_LIMIT = 100;
/**
 * The longest `search` query (and `myko.search` query, and `completion/complete` value) taken, in
 * characters; a longer one is refused naming it. A pasted paragraph fits; past it, a query is a
 * mistake, and refusing it is clearer than answering from a silently cut part.
 */
export const SEARCH_MAX_QUERY_LENGTH = 10_000;
/** Most queries one `search` answers at once (`queries`): a task's needs, not a crawl of the catalog. */
export const SEARCH_MAX_QUERIES = 8;

/** A per-session or server-wide limit refused the request (the gateways' edge limits answer it too). */
export const LIMIT_EXCEEDED = -32029;

/** Live queries: `myko://live/<kind>/<id>?args=<JSON>`, the current result of a watchable read. */
export const LIVE_URI_PREFIX = 'myko://live/';
export const LIVE_URI_TEMPLATE = 'myko://live/{kind}/{id}{?args}';

/** Defaults of `DispatchModuleOptions.live`. */
export const DEFAULT_LIVE_OPTIONS = Object.freeze({
  maxPerSession: 64,
  maxWatched: 10_000,
  recomputeBudget: 200,
  coalesceMs: 10,
});

/** Default of `DispatchModuleOptions.cluster.watchPeriodMs`; the lease defaults to three periods. */
export const DEFAULT_WATCH_PERIOD_MS = 10_000;
export const WATCH_LEASES_PER_PERIOD = 3;

/**
 * Implementation-defined server error: an `execute` refused before anything ran, because a command it certainly
 * calls needs an approval that no door of this request can bring (`data: { commands, doors }`).
 */
export const APPROVAL_UNREACHABLE = -32011;
