import type { McpElicitParams, McpElicitResult } from './elicitation.interface';
/** Who is calling: set by the gateway, carried to every operation. */
export interface ClientInfo {
  /** The transport the request came in on; `internal` for in-process calls and tests. */
  transport: 'stdio' | 'http' | 'ws' | 'internal';
  /** MCP session id, or a connection id for transports without sessions. */
  sessionId?: string;
  /** The authenticated principal (access profile name) when auth is configured. */
  principal?: string;
  /** The OAuth subject (token `sub`, else `client_id`) when the client presented a bearer token. */
  subject?: string;
  /**
   * Who presented the key or token (16 hex characters of `ClientAccess.keyId`): an API key, or a token's
   * issuer and subject, so the same `sub` from two issuers is two identities. Absent for keyless clients.
   */
  identity?: string;
  /**
   * The caller's verified OAuth bearer token and the audiences it names, when it presented one: what a
   * connector forwards to a backend the token is also for. Not enumerable, so it is never logged or
   * serialised with the rest of the client.
   */
  readonly bearer?: { readonly token: string; readonly audiences: readonly string[] };
  /** `clientInfo.name` from `initialize`, when known. */
  clientName?: string;
  /** The server-generated id of the request the call is part of (its log lines and audit line carry it). */
  requestId?: string;
  /** The W3C trace id of that request, when tracing records it. */
  traceId?: string;
  /** The `execute` run (durable execution) the call is part of: its journal and audit lines carry the same id. */
  executionId?: string;
}

/** Severity of an operation log line (RFC 5424 names, as MCP logging uses them). */
export type OperationLogLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error';

/** Structured logging from inside an operation; reaches the server log and, later, the MCP client. */
export interface OperationLogger {
  debug(message: string, data?: unknown): void;
  info(message: string, data?: unknown): void;
  warn(message: string, data?: unknown): void;
  error(message: string, data?: unknown): void;
}

/** The user's approval of one command call (`@Command({ approval })`, or a profile's `approval` rule). */
export interface OperationApproval {
  readonly granted: boolean;
  /** Who answered: the identity of the session that was asked (`ClientInfo.identity`, else its profile or session). */
  readonly by: string;
}

/** The second argument of every operation method. */
export interface OperationContext {
  readonly client: ClientInfo;
  /** Aborted when the client cancels the request or the run times out; long operations must check it. */
  readonly signal: AbortSignal;
  /**
   * Whether the request is already cancelled, without touching `signal`: contexts made by dispatch
   * create their AbortSignal on first read (it costs several microseconds, a large share of a cheap
   * call). Absent on hand-made contexts; `isAborted(ctx)` reads whichever is there.
   */
  readonly aborted?: boolean;
  readonly log: OperationLogger;
  /** Report progress (monotonic `progress`, optional `total`). A no-op when the client asked for none. */
  progress(progress: number, total?: number, message?: string): void;
  /**
   * Asks the user (`elicitation/create`), e.g. to confirm a change before making it. Absent where no
   * user can answer (hand-made contexts). On a 2026-07-28 request the first call ends the round with
   * `input_required` (`InputRequiredError`) and the operation runs again, answered, on the retry: ask
   * before changing anything.
   * @throws ClientCapabilityError when the client did not declare `elicitation`
   */
  elicit?(params: McpElicitParams): Promise<McpElicitResult>;
  /** Set when the call needed the user's approval: who gave it (the audit line records it). */
  readonly approval?: OperationApproval;
}
