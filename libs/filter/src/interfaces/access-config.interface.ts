import type { CallableRulesInput } from '../callable-rules.parser';

/** How operations are offered as MCP tools: Code Mode, one tool per operation, or both. */
export type ToolMode = 'code' | 'direct' | 'both';

/**
 * One named access profile: what a client holding one of its keys may see and call.
 * @publicApi
 */
export interface AccessProfileConfig {
  readonly description?: string;
  /** API keys as `sha256:<64 hex digits>` (the SHA-256 of the key's UTF-8 bytes); never the keys. */
  readonly keys: readonly string[];
  readonly visibility?: { readonly allow?: readonly string[]; readonly deny?: readonly string[] };
  readonly callable?: { readonly allow?: CallableRulesInput; readonly deny?: CallableRulesInput };
  /** Overrides the server's tool mode for this profile. */
  readonly toolMode?: ToolMode;
}

/**
 * The access config file (`--config myko.config.json` / `MYKO_CONFIG`), validated. Its JSON Schema
 * is `access-config.schema.json`.
 * @publicApi
 */
export interface AccessConfig {
  /** When true (the default), a request without a known key is refused (401). */
  readonly auth: { readonly required: boolean };
  readonly profiles: Readonly<Record<string, AccessProfileConfig>>;
  /** Profile of requests without a key when auth is not required, and of stdio without a profile name. */
  readonly defaultProfile?: string;
  /** The server's tool mode (default `code`). */
  readonly toolMode?: ToolMode;
}
