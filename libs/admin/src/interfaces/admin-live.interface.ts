import type { ProfileQuotas } from '@myko/access';

/** One `execute` run in flight. */
export interface LiveRunView {
  readonly conversation: string;
  readonly executionId?: string;
  /** ISO 8601. */
  readonly startedAt: string;
  /** How long it has run. */
  readonly ms: number;
}

/** A cooldown (or a principal's pause) in effect. */
export interface LiveCooldownView {
  readonly level: 'conversation' | 'principal';
  /** The conversation cooled down (level `conversation`). */
  readonly conversation?: string;
  readonly reason: string;
  /** ISO 8601: when `execute` is served again. */
  readonly until: string;
}

/** What one principal (an API key or token identity, else an address) is doing on this instance. */
export interface LivePrincipal {
  /** `key:<16 hex>` or `address:<ip>` (`session:<id>` for a stateless caller the gateway could not name). */
  readonly principal: string;
  /** Its access profile, when it has one. */
  readonly profile?: string;
  /** Streamable HTTP sessions held here. */
  readonly sessions: number;
  /** WebSocket connections held here. */
  readonly connections: number;
  readonly runs: readonly LiveRunView[];
  /** Its sandbox lane: `heavy` runs wait behind others and run at the lowest OS priority. */
  readonly lane: 'normal' | 'heavy';
  /** Sandbox CPU it used lately (ms, fading over about 10 s). */
  readonly cpuMs: number;
  /** The cooldown in effect: the principal's pause, else the conversation cooldown that ends last. */
  readonly cooldown?: LiveCooldownView;
  /** Every cooldown in effect (the principal's and its conversations'). */
  readonly cooldowns?: readonly LiveCooldownView[];
  /** Its profile's quotas. */
  readonly quotas?: ProfileQuotas;
}

/** `GET <admin path>/live`: this instance's view. */
export interface LiveView {
  /** This instance's id (each replica answers for itself). */
  readonly instance: string;
  /** ISO 8601. */
  readonly at: string;
  readonly principals: readonly LivePrincipal[];
}

/** What is happening on this instance, as the admin API sees it (bound by the embedding module). */
export interface AdminLive {
  live(): Promise<LiveView>;
}
