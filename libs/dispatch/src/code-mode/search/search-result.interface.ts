import type { JsonSchema, OperationArgument, OperationKind } from '@myko/registry';

/**
 * How much `search` says per operation: `summary` (the default) shapes the answer by relevance,
 * `full` gives every entry of the page with its declaration, TypeScript types and JSON Schemas.
 */
export type SearchDetail = 'summary' | 'full';

/** Parsed `search` tool arguments. */
export interface SearchRequest {
  query?: string;
  /** 1–8 queries answered at once, in sections sharing one type block (instead of `query`). */
  queries?: string[];
  kind?: OperationKind;
  limit: number;
  cursor?: string;
  detail: SearchDetail;
}

/** One operation in a search answer shaped by relevance. */
export interface SearchEntry {
  id: string;
  kind: OperationKind;
  /** With a `signature`, the whole description; otherwise its first sentence, cut at 100 characters. */
  description?: string;
  /**
   * How to call it, where the ranking is confident: `command CancelOrder(args: { orderId: number;
   * reason?: string }): OrderDetail`, the named types it mentions in the answer's `types`.
   */
  signature?: string;
  /** Present on reads that can be watched: subscribe to `myko://live/<kind>/<id>?args=<JSON>`. */
  watchable?: true;
  /** Present on a command a script runs only once the user approved the call (its own or the caller's rule). */
  approval?: true;
  /** Present on a command that answers plan mode with what it would do (`@Command({ preview })`). */
  preview?: true;
}

/** The default `search` answer: full signatures where the ranking is confident, one line per other match shown. */
export interface SearchPage {
  operations: SearchEntry[];
  /** The named types the signatures mention, each declared once: `{ OrderDetail: '{ id: number; … }' }`. */
  types?: Record<string, string>;
  /** The types the page budget left out and how to get them: `Not declared (page budget): LedgerPart of Ledger. …`. */
  typesOmitted?: string;
  /** Every visible match, not only those shown. */
  total: number;
  /** Continues the ranking after the last entry shown. */
  nextCursor?: string;
  /** Only when nothing matched: the closest visible operations, and how to search instead. */
  suggestions?: SearchEntry[];
  hint?: string;
  /** Index signature so the answer can be sent as `structuredContent`. */
  [key: string]: unknown;
}

/** One operation as `detail: 'full'` lists it, before its declaration and schemas. */
export interface OperationSummary {
  id: string;
  kind: OperationKind;
  description?: string;
  args: OperationArgument[];
  outputType: string;
  /** The result's members as compact TypeScript (`OrderPage { items: Order[]; total: number; … }`), bounded. */
  output?: string;
  watchable?: true;
  approval?: true;
  preview?: true;
}

/** An operation in full: the call's TypeScript declaration, the types it uses, and the JSON Schemas. */
export interface OperationDetail extends OperationSummary {
  declaration: string;
  /** TypeScript interfaces of every named argument and result type the declaration mentions, nested ones included. */
  types?: string;
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
}

/** The `detail: 'full'` answer: every entry of the page in full. */
export interface FullSearchPage {
  operations: OperationDetail[];
  total: number;
  nextCursor?: string;
  suggestions?: SearchEntry[];
  hint?: string;
  [key: string]: unknown;
}

/** One query's part of a `queries` answer: its entries, and those an earlier section showed (`above`). */
export interface SearchSection {
  query: string;
  operations: SearchEntry[];
  /** Ids shown as well in an earlier section, named only: `ShipOrder, OrderDetail: above`. */
  above?: string[];
  total: number;
  /** Pages this query on: send it with `query`. */
  nextCursor?: string;
  suggestions?: SearchEntry[];
  hint?: string;
}

/** The default answer to `queries`: a section per query, one type block and one budget for all. */
export interface MultiSearchPage {
  sections: SearchSection[];
  types?: Record<string, string>;
  typesOmitted?: string;
  [key: string]: unknown;
}

/** The `detail: 'full'` answer to `queries`: each query's full page. */
export interface FullMultiSearchPage {
  sections: (FullSearchPage & { query: string })[];
  [key: string]: unknown;
}

/** What `search` answers to one `query`. */
export type SearchResult = SearchPage | FullSearchPage;

/** What `search` answers, to `query` or to `queries`. */
export type SearchAnswer = SearchResult | MultiSearchPage | FullMultiSearchPage;
