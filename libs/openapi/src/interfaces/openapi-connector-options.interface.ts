import type { OperationKind } from '@myko/registry';

/** A static credential read from the environment at start-up: `Authorization: Bearer $BILLING_TOKEN`. */
export interface ConnectorStaticAuth {
  /** The request header that carries it. @default 'Authorization' */
  readonly header?: string;
  /** The environment variable holding the secret; the start fails when it is unset or empty. */
  readonly fromEnv: string;
  /** Written before the secret with a space (`Bearer`); omitted: the header is the secret alone. */
  readonly scheme?: string;
}

/**
 * The calling client's own OAuth bearer token, forwarded as `Authorization: Bearer …` when its `aud`
 * names `audience`; any other caller (an API key, a token for another audience) is refused before the
 * request is made.
 */
export interface ConnectorPassThroughAuth {
  readonly passThrough: { readonly audience: string };
}

/** How the connector authenticates to the backend. */
export type ConnectorAuth = ConnectorStaticAuth | ConnectorPassThroughAuth;

/** What one API operation's defaults are changed to; keyed by its id before the prefix. */
export interface ConnectorOperationOverride {
  /** The operation's kind instead of the method's (`GET`/`HEAD` → query, others → command). */
  readonly kind?: OperationKind;
  /** Per request of this operation, instead of the connector's. */
  readonly timeoutMs?: number;
  /** Entities a read reads: it becomes watchable as a live resource (`myko://live/…`). */
  readonly reads?: readonly string[];
  /** Entities a command writes: watched reads of them are refreshed after it succeeds. */
  readonly writes?: readonly string[];
  /** A command that scripts run only once the user approved it. */
  readonly approval?: boolean;
}

/**
 * One OpenAPI document served as operations (docs/connectors.md).
 * @publicApi
 */
export interface OpenApiConnectorOptions {
  /** Names the connector in errors, logs and the operations' source (`programmatic:openapi:<name>`). */
  readonly name: string;
  /** The OpenAPI 3.0/3.1 document: a file path or an http(s) URL, YAML or JSON; `$ref`s are resolved. */
  readonly document: string;
  /**
   * Folders (relative to the config file) or http(s) URL prefixes the document's `$ref`s may also read.
   * @default none: only the document's own folder (a file) or origin (a URL)
   */
  readonly refRoots?: readonly string[];
  /** Where requests go, e.g. `https://billing.internal/v2`. @default the document's first `servers` URL */
  readonly baseUrl?: string;
  /** Starts every operation id, joined by `_`: `billing` → `query_billing_listInvoices`. @default none */
  readonly prefix?: string;
  /** Starts every named type (`Billing` → `BillingInvoice`), when types of several APIs would clash. @default none */
  readonly typePrefix?: string;
  /** Credentials sent to the backend. @default none */
  readonly auth?: ConnectorAuth;
  /** Per request (every retry included), in ms. @default 10000 */
  readonly timeoutMs?: number;
  /** The largest response body read, in bytes; a larger one fails the call. @default 1048576 */
  readonly maxResponseBytes?: number;
  /** Retries of an idempotent request (GET, HEAD, PUT, DELETE, OPTIONS) after a network error or a 5xx. @default 2 */
  readonly retries?: number;
  /** Only the API operations whose id (before the prefix) matches one of these globs. @default all */
  readonly include?: readonly string[];
  /** Leaves out the API operations whose id (before the prefix) matches one of these globs. @default none */
  readonly exclude?: readonly string[];
  /** Per-operation changes, by id before the prefix. */
  readonly operations?: Readonly<Record<string, ConnectorOperationOverride>>;
}

/** Options of `OpenApiConnectorModule.forRoot()`. @publicApi */
export interface OpenApiConnectorModuleOptions {
  readonly connectors: readonly OpenApiConnectorOptions[];
  /** The environment static credentials are read from. @default process.env */
  readonly env?: Readonly<Record<string, string | undefined>>;
}
