import type { RequestContext } from '../../interfaces/request-context.interface';

/**
 * Resources Code Mode serves (a client's own executions), as `resources/*` sees them. Code Mode builds on the
 * features, so the source lives above and is bound to this token by the module (like `CodeModeToolSource`).
 */
export abstract class CodeModeResourceSource {
  /** The `resources/list` items this client is served (none outside Code Mode). */
  abstract list(request: RequestContext): Record<string, unknown>[];
  /** Whether `uri` is one of these resources (served or not to this client). */
  abstract handles(uri: string): boolean;
  /** `resources/read` of `uri`; -32002 when this client is not served it, -32602 for a bad query. */
  abstract read(uri: string, request: RequestContext): Promise<Record<string, unknown>>;
}
