/**
 * Params of `elicitation/create`: a form (`requestedSchema`, a flat object of primitive fields) or,
 * from 2025-11-25, a URL the user opens (`mode: 'url'`, when the client declared `elicitation.url`).
 */
export type McpElicitParams =
  | { mode?: 'form'; message: string; requestedSchema: Record<string, unknown>; [key: string]: unknown }
  | { mode: 'url'; message: string; url: string; elicitationId: string; [key: string]: unknown };

/** The user's answer to an elicitation. */
export interface McpElicitResult {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, unknown>;
  [key: string]: unknown;
}
