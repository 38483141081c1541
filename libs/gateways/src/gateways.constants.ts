/** Injection token of the resolved `GatewaysModuleOptions` (defaults merged). */
export const GATEWAYS_OPTIONS = 'myko:gateways_options';

/**
 * The service's Streamable HTTP endpoint and its alias, the defaults of the `mcpPaths` option; the
 * WebSocket endpoint shares the first path.
 */
export const MCP_HTTP_PATHS = ['mcp', 'myko/mcp'];
export const MCP_WS_PATH = '/mcp';

/** The WebSocket subprotocol a client must offer (what the SDK's WebSocketClientTransport sends). */
export const MCP_WS_SUBPROTOCOL = 'mcp';

export const MCP_SESSION_HEADER = 'mcp-session-id';
export const MCP_PROTOCOL_VERSION_HEADER = 'mcp-protocol-version';
/** Names the last SSE event a client saw, on the GET that resumes a stream. */
export const LAST_EVENT_ID_HEADER = 'last-event-id';
/** From this protocol version on, SSE streams start with a priming event and may close early (SEP-1699). */
export const RESUMABLE_PROTOCOL_VERSION = '2025-11-25';
/** What a client that sends no `MCP-Protocol-Version` header is assumed to speak (spec 2025-06-18). */
export const ASSUMED_PROTOCOL_VERSION = '2025-03-26';

/** Implementation-defined JSON-RPC codes for HTTP-level refusals, as the MCP SDK uses them. */
export const TRANSPORT_ERROR = -32000;
export const SESSION_NOT_FOUND = -32001;

/** `Retry-After` (seconds) of a request refused because the server is shutting down. */
export const SHUTDOWN_RETRY_AFTER_SECONDS = 5;
/** WebSocket close code 1001 "Going Away": the server is shutting down. */
export const WS_GOING_AWAY = 1001;
