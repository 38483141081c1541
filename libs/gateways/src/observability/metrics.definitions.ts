import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/** Request latency buckets, in seconds: from a cached `tools/list` to a long `execute`. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * Every metric myko-nest exposes. Labels are bounded: MCP method names the server knows (else
 * `unknown`), transports, protocol eras, outcomes, sandbox failure kinds and operation kinds.
 */
export function defineMetrics(registers: Registry[]) {
  return {
    requests: new Counter({
      name: 'myko_mcp_requests_total',
      help: 'MCP requests handled, by method, transport, protocol era and outcome (ok, tool_error, error, cancelled).',
      labelNames: ['method', 'transport', 'era', 'outcome'] as const,
      registers,
    }),
    requestDuration: new Histogram({
      name: 'myko_mcp_request_duration_seconds',
      help: 'Time from receiving an MCP request to its response, by method and transport.',
      labelNames: ['method', 'transport'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    executes: new Counter({
      name: 'myko_execute_total',
      help: 'execute calls by outcome: ok, a sandbox failure kind (timeout, cpu, memory, queue-full, ...), or cooldown (refused by the abuse backoff).',
      labelNames: ['outcome'] as const,
      registers,
    }),
    executeCooldowns: new Counter({
      name: 'myko_execute_cooldowns_total',
      help: 'Abuse cooldowns of execute started, by level (conversation, principal) and cause (the strike: cpu, memory, timeout, type-check-timeout, probing, oversize, idle; for a principal: conversations, strikes).',
      labelNames: ['level', 'cause'] as const,
      registers,
    }),
    executeDuration: new Histogram({
      name: 'myko_execute_duration_seconds',
      help: 'Residency of execute calls: queueing plus running, by outcome class (ok, failed, refused).',
      labelNames: ['result'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    operationCalls: new Counter({
      name: 'myko_operation_calls_total',
      help: 'Operation calls (myko.* inside execute, direct tools) by operation kind and outcome (ok, error, refused, aborted).',
      labelNames: ['kind', 'outcome'] as const,
      registers,
    }),
    executeRunning: new Gauge({
      name: 'myko_execute_running',
      help: 'Sandbox runs executing now.',
      registers,
    }),
    executeQueued: new Gauge({ name: 'myko_execute_queued', help: 'Sandbox runs waiting for a slot.', registers }),
    liveIsolates: new Gauge({
      name: 'myko_sandbox_live_isolates',
      help: 'V8 isolates alive (warm pool included).',
      registers,
    }),
    sandboxProcesses: new Gauge({ name: 'myko_sandbox_processes', help: 'Sandbox processes alive.', registers }),
    sandboxCrashes: new Gauge({
      name: 'myko_sandbox_crashes',
      help: 'Sandbox processes that died unexpectedly since start (each replaced).',
      registers,
    }),
    sessions: new Gauge({
      name: 'myko_sessions',
      help: 'Open MCP sessions: Streamable HTTP sessions and WebSocket connections.',
      labelNames: ['transport'] as const,
      registers,
    }),
    inFlight: new Gauge({ name: 'myko_mcp_requests_in_flight', help: 'MCP requests being handled now.', registers }),
    auditOtlpDropped: new Counter({
      name: 'myko_audit_otlp_dropped_total',
      help: 'Audit lines the OpenTelemetry logs export dropped (a full queue, a POST failed twice); the file keeps them.',
      registers,
    }),
  };
}

export type MykoMetricSet = ReturnType<typeof defineMetrics>;
