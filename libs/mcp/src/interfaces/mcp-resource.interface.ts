import type { McpCompleter } from './mcp-completion.interface';
import type { McpAnnotations, McpResourceContents } from './mcp-content.interface';
import type { McpContext } from './mcp-context.interface';

interface McpResourceCommonOptions {
  /** Short identifier shown in listings. */
  name: string;
  title?: string;
  /** What the resource holds, written for a model. */
  description: string;
  mimeType?: string;
  annotations?: McpAnnotations;
  /**
   * The operation (`<kind>_<id>`) whose data the resource serves, so the operation's access rules
   * hold for it: the resource is visible only where the operation is, and `operationArgs` must pass
   * the operation's callability rules. Without `operationArgs` the resource is hidden from any client
   * with a callability rule on the operation (it cannot be told which values it would reveal).
   */
  operation?: string;
  /** The operation arguments the resource stands for: fixed, or from a template's variables. */
  operationArgs?: McpResourceOperationArgs;
}

/** The arguments of a resource's backing operation. */
export type McpResourceOperationArgs =
  | Readonly<Record<string, unknown>>
  | ((variables: Readonly<Record<string, string>>) => Record<string, unknown>);

/** A resource at one fixed URI. */
export interface McpStaticResourceOptions extends McpResourceCommonOptions {
  uri: string;
  /** Size in bytes, when known. */
  size?: number;
  uriTemplate?: never;
  complete?: never;
}

/** A family of resources addressed by an RFC 6570 template: `{var}` and `{+var}` expressions. */
export interface McpTemplateResourceOptions extends McpResourceCommonOptions {
  uriTemplate: string;
  /** Completion providers for the template's variables, by variable name. */
  complete?: Readonly<Record<string, McpCompleter>>;
  uri?: never;
}

/** Options of `@McpResource`: exactly one of `uri` and `uriTemplate`. */
export type McpResourceOptions = McpStaticResourceOptions | McpTemplateResourceOptions;

/** What a resource handler is asked for. */
export interface McpResourceRequest {
  /** The URI being read. */
  readonly uri: string;
  /** The template's variables, decoded (empty for a static resource). */
  readonly variables: Readonly<Record<string, string>>;
}

/**
 * What a resource handler may return: text, bytes (`Buffer`/`Uint8Array`, sent base64 as `blob`),
 * one contents object, or several.
 */
export type McpResourceReturn = string | Uint8Array | McpResourceContents | McpResourceContents[];

export type McpResourceHandler = (
  request: McpResourceRequest,
  ctx: McpContext,
) => McpResourceReturn | Promise<McpResourceReturn>;

interface McpResourceEntryCommon {
  readonly name: string;
  readonly title?: string;
  readonly description: string;
  readonly mimeType?: string;
  readonly annotations?: McpAnnotations;
  readonly source: string;
  readonly handler: McpResourceHandler;
  readonly operation?: string;
  readonly operationArgs?: McpResourceOperationArgs;
}

/** A registered resource at a fixed URI. */
export interface McpStaticResourceEntry extends McpResourceEntryCommon {
  readonly uri: string;
  readonly size?: number;
}

/** A registered resource template. */
export interface McpTemplateResourceEntry extends McpResourceEntryCommon {
  readonly uriTemplate: string;
  /** Variable names in template order. */
  readonly variables: readonly string[];
  readonly complete: Readonly<Record<string, McpCompleter>>;
  /** The variables of `uri` when it matches the template, decoded; undefined otherwise. */
  match(uri: string): Record<string, string> | undefined;
}
