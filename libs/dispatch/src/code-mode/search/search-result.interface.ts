import type { JsonSchema, OperationArgument, OperationKind } from '@myko/registry';

/** How much `search` says per operation. */
export type SearchDetail = 'summary' | 'full';

/** Parsed `search` tool arguments. */
export interface SearchRequest {
  query?: string;
  kind?: OperationKind;
  limit: number;
  cursor?: string;
  detail: SearchDetail;
}

/** One operation as `search` returns it (`detail: 'summary'`). */
export interface OperationSummary {
  id: string;
  kind: OperationKind;
  description?: string;
  args: OperationArgument[];
  outputType: string;
  /** The result's members as compact TypeScript (`OrderPage { items: Order[]; total: number; … }`), bounded. */
  output?: string;
  /** Present on reads that can be watched: subscribe to `myko://live/<kind>/<id>?args=<JSON>`. */
  watchable?: true;
}

/** `detail: 'full'` adds the call's TypeScript declaration, the types it uses, and the JSON Schemas. */
export interface OperationDetail extends OperationSummary {
  declaration: string;
  /** TypeScript interfaces of every named argument and result type the declaration mentions, nested ones included. */
  types?: string;
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
}

export interface SearchResult {
  operations: OperationSummary[];
  /** Every visible match, not only this page. */
  total: number;
  nextCursor?: string;
  /** Only when nothing matched: the closest visible operations, and how to search instead. */
  suggestions?: OperationSummary[];
  hint?: string;
  /** Index signature so the result can be sent as `structuredContent`. */
  [key: string]: unknown;
}
