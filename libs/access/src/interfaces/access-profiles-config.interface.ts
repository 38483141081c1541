import type { CallableRulesInput } from '@myko/filter';
import type { OAuthConfig } from './oauth-config.interface';
import type { ProfileQuotas } from './profile-quotas.interface';

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
  /**
   * Globs of operations (`command_Delete*`) a script of this profile runs only once the user approved the
   * call, beside the commands declared `@Command({ approval: true })`.
   */
  readonly approval?: readonly string[];
  /** Overrides the server's tool mode for this profile. */
  readonly toolMode?: ToolMode;
  /** Overrides the server's type check of `execute` scripts for this profile. */
  readonly typeCheck?: 'strict' | 'warn' | 'off';
  /** Overrides the server's `sandbox.resultBudgetBytes` (bytes of an `execute` result the model reads). */
  readonly resultBudgetBytes?: number;
  /** Operator quotas of this profile's clients, each per principal or per conversation; none by default. */
  readonly quotas?: ProfileQuotas;
}

/**
 * What {@link AccessProfiles} is built from: the access part of the config file, already validated
 * (the launcher's `parseAccessConfig` checks the whole file, key hashes included).
 * @publicApi
 */
export interface AccessProfilesConfig {
  /** When true (the default), a request without a known key is refused (401). */
  readonly auth: { readonly required: boolean };
  readonly profiles: Readonly<Record<string, AccessProfileConfig>>;
  /** Profile of requests without a key when auth is not required, and of stdio without a profile name. */
  readonly defaultProfile?: string;
  /** The server's tool mode (default `code`). */
  readonly toolMode?: ToolMode;
  /** Whether `execute` type-checks scripts before they run (default `strict`). */
  readonly typeCheck?: 'strict' | 'warn' | 'off';
  /** OAuth 2.1 resource server: bearer JWTs of trusted issuers select profiles by their claims. */
  readonly oauth?: OAuthConfig;
}
