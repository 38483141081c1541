/** Injection token of the options `MykoModule.forRootAsync()`'s factory returned, split per lib. */
export const MYKO_MODULE_OPTIONS = 'myko:module_options';

/** Where MCP is served when `path` is not given: Streamable HTTP and WebSocket. */
export const DEFAULT_MYKO_PATH = '/mcp';
