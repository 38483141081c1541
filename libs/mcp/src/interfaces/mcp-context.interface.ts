import type { ClientInfo, McpElicitParams, McpElicitResult } from '@myko/registry';
import type { McpAudioContent, McpImageContent, McpTextContent } from './mcp-content.interface';

// Elicitation is part of every operation's context (`ctx.elicit`), so its types live in the registry.
export type { McpElicitParams, McpElicitResult } from '@myko/registry';

/** MCP log levels (RFC 5424), least to most severe. */
export type McpLogLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';

/** One message of a sampling request or result. */
export interface McpSamplingMessage {
  role: 'user' | 'assistant';
  content: McpTextContent | McpImageContent | McpAudioContent;
}

/** Params of `sampling/createMessage` (other fields of the spec pass through unchanged). */
export interface McpCreateMessageParams {
  messages: McpSamplingMessage[];
  maxTokens: number;
  systemPrompt?: string;
  temperature?: number;
  stopSequences?: string[];
  modelPreferences?: Record<string, unknown>;
  includeContext?: 'none' | 'thisServer' | 'allServers';
  metadata?: Record<string, unknown>;
  [key: string]: unknown;
}

/** What the client's model produced. */
export interface McpCreateMessageResult {
  role: 'user' | 'assistant';
  content: McpTextContent | McpImageContent | McpAudioContent;
  model: string;
  stopReason?: string;
  [key: string]: unknown;
}

/**
 * The second argument of every `@McpTool`, `@McpResource` and `@McpPrompt` handler: who is calling,
 * cancellation, and the ways back to the client while the request runs.
 */
export interface McpContext {
  readonly client: ClientInfo;
  readonly sessionId: string;
  /** What the client declared at `initialize` (`sampling`, `elicitation`, `roots`…). */
  readonly clientCapabilities: Readonly<Record<string, unknown>>;
  /** Aborted when the client cancels the request or the session ends; long work must check it. */
  readonly signal: AbortSignal;
  /** `notifications/progress` when the request carried a progress token; `progress` must increase. */
  progress(progress: number, total?: number, message?: string): void;
  /** `notifications/message`, sent when `level` is at or above the level the client set. */
  log(level: McpLogLevel, data: unknown, logger?: string): void;
  /**
   * Asks the client's model for a completion (`sampling/createMessage`).
   * @throws ClientCapabilityError when the client did not declare `sampling`
   * @throws ClientRequestError when the client answers with an error, times out or goes away
   */
  createMessage(params: McpCreateMessageParams, options?: McpInputOptions): Promise<McpCreateMessageResult>;
  /**
   * Asks the user for input (`elicitation/create`).
   * @throws ClientCapabilityError when the client did not declare `elicitation` (or `elicitation.url` for a URL)
   * @throws ClientRequestError when the client answers with an error, times out or goes away
   */
  elicit(params: McpElicitParams, options?: McpInputOptions): Promise<McpElicitResult>;
  /**
   * The client's roots (`roots/list`).
   * @throws ClientCapabilityError when the client did not declare `roots`
   */
  listRoots(options?: McpInputOptions): Promise<{ roots: { uri: string; name?: string }[] }>;
  /**
   * Several requests to the client at once, by key (`elicitation/create`, `sampling/createMessage`,
   * `roots/list`): on a 2026-07-28 request they go out together in one `input_required` round; on a
   * 2025-era session they are sent one after the other. Resolves with each answer under its key.
   */
  input(requests: Readonly<Record<string, McpInputRequest>>): Promise<Record<string, Record<string, unknown>>>;
  /** True on a 2026-07-28 retry whose signed `requestState` this server verified. */
  readonly resumed: boolean;
}

/** One request to the client, as `McpContext.input` takes it. */
export interface McpInputRequest {
  method: 'elicitation/create' | 'sampling/createMessage' | 'roots/list';
  params: Record<string, unknown>;
}

/** How a request to the client is named in a 2026-07-28 `input_required` round. */
export interface McpInputOptions {
  /**
   * The key of the input request (`inputRequests[key]`); by default `<method>-<n>` in call order, which
   * stays stable when the handler runs again on the retry.
   */
  key?: string;
}
