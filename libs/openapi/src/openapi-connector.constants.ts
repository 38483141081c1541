import type { OptionTable } from '@myko/options';

/** Injection token of `OpenApiConnectorModuleOptions`. */
export const OPENAPI_CONNECTOR_OPTIONS = Symbol('OPENAPI_CONNECTOR_OPTIONS');

/** `programmatic:openapi:<name>`: where a connector's operations come from. */
export const CONNECTOR_SOURCE_PREFIX = 'openapi:';

/** The connectors' whole-number settings, one table (docs/configuration.md). */
export const CONNECTOR_OPTION_TABLE = {
  timeoutMs: {
    default: 10_000,
    minimum: 1,
    doc: 'Per request, in ms, retries included; past it the call fails as a retryable backend_timeout.',
  },
  maxResponseBytes: {
    default: 1_048_576,
    minimum: 1,
    doc: 'The largest response body read, in bytes; a larger one is cut off and the call fails (response_too_large).',
  },
  retries: {
    default: 2,
    minimum: 0,
    doc: 'Retries of an idempotent request (GET, HEAD, PUT, DELETE, OPTIONS) after a network error or a 5xx.',
  },
} as const satisfies OptionTable;

/** Methods a retry cannot make take effect twice (RFC 9110 §9.2.2); POST and PATCH are never retried. */
export const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/** Methods that become queries; every other one a command. */
export const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);

/** The HTTP methods an OpenAPI path item may hold. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** How much of a backend's error body the error message quotes. */
export const ERROR_EXCERPT_CHARS = 300;

/** Same-origin redirects followed for a read before giving up. */
export const MAX_REDIRECTS = 3;

/** First retry delay in ms, doubled each time, with jitter. */
export const RETRY_BASE_DELAY_MS = 100;

/** The longest description an operation gets in search: its summary and the start of its description. */
export const MAX_DESCRIPTION_CHARS = 280;

/** The longest argument description search lists: its first sentence, bounded. */
export const MAX_ARGUMENT_CHARS = 160;

/** Headers OpenAPI says parameters may not declare (RFC: they are set from the request itself). */
export const RESERVED_HEADERS: ReadonlySet<string> = new Set(['accept', 'content-type', 'authorization']);

/**
 * Headers that frame or route the request (RFC 9110 §7.2, §7.6.1, RFC 9112): an argument setting one could
 * point the request at another virtual host or smuggle a second request, so a header parameter of one of
 * these names is dropped with a warning at start (as is the connector's own auth header).
 */
export const HOP_BY_HOP_HEADERS: ReadonlySet<string> = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'upgrade',
  'expect',
  'cookie',
]);

/** The largest OpenAPI document (or `$ref`ed file) read over HTTP at start, in bytes (GitHub's is 13 MB). */
export const MAX_DOCUMENT_BYTES = 64 * 1024 * 1024;

/** What replaces a credential the backend echoes in a response, before a script sees it. */
export const REDACTED = '[redacted]';
