import type { JsonSchema, OperationKind } from '@myko/registry';

/** Where an argument goes in the request. */
export type ArgumentLocation = 'path' | 'query' | 'header' | 'body' | 'bodyProperty';

/** One argument of a mapped operation and the request part it fills. */
export interface ArgumentBinding {
  /** The argument's name in `myko.*` calls. */
  readonly arg: string;
  readonly in: ArgumentLocation;
  /** The parameter's or body property's name in the request. */
  readonly name: string;
  /** Query arrays: `a=1&a=2` (true, OpenAPI's default) or `a=1,2`. */
  readonly explode?: boolean;
  /** Query objects written as `name[key]=value`. */
  readonly deepObject?: boolean;
  /**
   * Query parameters: the keys an object value may have (its schema's declared properties); any other key
   * is refused, since an exploded object's keys become query parameters of their own.
   */
  readonly keys?: readonly string[];
  /** Query objects whose schema declares `additionalProperties` and whose keys stay under the name (`name[key]`, `name=k,v`). */
  readonly openKeys?: boolean;
}

/** One API operation as the connector serves it: how it is described, validated and called. */
export interface ConnectorOperation {
  /** The id the registry gets, prefix included (`billing_listInvoices`). */
  readonly id: string;
  /** The id before the prefix: what `include`, `exclude` and `operations` overrides name. */
  readonly apiId: string;
  readonly kind: OperationKind;
  /** Upper case, `GET`. */
  readonly method: string;
  /** The path template, `/tickets/{ticketId}`. */
  readonly path: string;
  readonly description: string;
  readonly keywords: readonly string[];
  readonly bindings: readonly ArgumentBinding[];
  /** The JSON media type the body is sent as, when the operation takes one. */
  readonly bodyMediaType?: string;
  /** JSON Schema 2020-12 of the arguments object (named types under `$defs`). */
  readonly input: JsonSchema;
  /** Canonical forms of string arguments with an `enum` (case-insensitive match → the member). */
  readonly normalizers: ReadonlyMap<string, (value: string) => string>;
  /** Schema defaults of top-level arguments. */
  readonly defaults: Readonly<Record<string, unknown>>;
  readonly outputType: string;
  readonly output?: JsonSchema;
  readonly timeoutMs?: number;
  readonly reads?: readonly string[];
  readonly writes?: readonly string[];
  readonly approval?: boolean;
  readonly destructive: boolean;
  readonly idempotent: boolean;
}

/** An API operation the connector leaves out, and why (logged at start). */
export interface SkippedOperation {
  readonly operation: string;
  readonly reason: string;
}
