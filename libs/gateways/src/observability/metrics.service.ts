import {
  DispatchService,
  type ExecuteEvent,
  ExecuteMonitor,
  type JsonRpcResponse,
  type ObservedRequest,
  type RequestObservation,
  type RequestObserver,
  SandboxHealthProvider,
} from '@myko/dispatch';
import { type OperationInvocation, OperationInvoker } from '@myko/registry';
import { Injectable, type OnModuleDestroy, type OnModuleInit, Optional } from '@nestjs/common';
import { Registry } from 'prom-client';
import { McpSessionRegistry } from '../http/mcp-session.registry';
import { EdgeAdmission } from '../limits/edge-admission.service';
import { AuditExportStats } from './audit-export.stats';
import { LabelledChildren } from './labelled-children';
import { defineMetrics, type MykoMetricSet } from './metrics.definitions';
import { registerProcessMetrics } from './process.metrics';

function outcomeOf(response: JsonRpcResponse | undefined): string {
  if (!response) return 'cancelled';
  if ('error' in response) return 'error';
  return (response.result as { isError?: unknown } | undefined)?.isError === true ? 'tool_error' : 'ok';
}

function resultOf(outcome: ExecuteEvent['outcome']): string {
  if (outcome === 'ok') return 'ok';
  return outcome === 'cooldown' || outcome === 'queue-full' || outcome === 'unapprovable' ? 'refused' : 'failed';
}

/**
 * The Prometheus metrics: follows dispatch (every request), `execute` (each run's outcome) and the
 * operation invoker (each call), and reads gauges (sandbox, sessions) when scraped. Its own
 * registry, so a host app's `prom-client` default registry is left alone.
 * @publicApi
 */
@Injectable()
export class MykoMetrics implements OnModuleInit, OnModuleDestroy, RequestObserver {
  readonly registry = new Registry();
  private readonly metrics: MykoMetricSet = defineMetrics([this.registry]);
  private readonly stops: (() => void)[] = [];
  private readonly children = new LabelledChildren();

  constructor(
    private readonly dispatch: DispatchService,
    private readonly executes: ExecuteMonitor,
    private readonly invoker: OperationInvoker,
    private readonly sessions: McpSessionRegistry,
    private readonly admission: EdgeAdmission,
    private readonly auditExport: AuditExportStats,
    @Optional() private readonly sandbox?: SandboxHealthProvider,
  ) {}

  onModuleInit(): void {
    registerProcessMetrics([this.registry]);
    this.stops.push(
      this.dispatch.observe(this),
      this.executes.onExecute((event) => this.recordExecute(event)),
      this.executes.onCooldown(({ level, cause }) => this.metrics.executeCooldowns.inc({ level, cause })),
      this.invoker.onInvoked((call) => this.recordCall(call)),
    );
  }

  onModuleDestroy(): void {
    for (const stop of this.stops.splice(0)) stop();
  }

  begin(request: ObservedRequest): RequestObservation {
    const { method, client, protocolVersion } = request;
    const transport = client.transport;
    const started = performance.now();
    this.metrics.inFlight.inc();
    return {
      end: (response) => {
        this.metrics.inFlight.dec();
        const outcome = outcomeOf(response);
        const era = protocolVersion ?? 'none';
        this.children.of(this.metrics.requests, method, transport, era, outcome).inc();
        const duration = (performance.now() - started) / 1000;
        this.children.of(this.metrics.requestDuration, method, transport).observe(duration);
      },
    };
  }

  /** The exposition text (gauges read now). */
  async exposition(): Promise<string> {
    this.readGauges();
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  private readGauges(): void {
    const m = this.metrics;
    m.sessions.set({ transport: 'http' }, this.sessions.size);
    m.sessions.set({ transport: 'ws' }, this.admission.wsConnections());
    // A count kept by the audit log, read as it stands: set, not added to.
    m.auditOtlpDropped.reset();
    m.auditOtlpDropped.inc(this.auditExport.otlpDropped);
    const health = this.sandbox?.current();
    if (!health) return;
    m.executeRunning.set(health.running);
    m.executeQueued.set(health.queued);
    m.liveIsolates.set(health.liveIsolates);
    m.sandboxProcesses.set(health.processes);
    m.sandboxCrashes.set(health.crashes);
  }

  private recordExecute(event: ExecuteEvent): void {
    this.metrics.executes.inc({ outcome: event.outcome });
    this.metrics.executeDuration.observe({ result: resultOf(event.outcome) }, event.durationMs / 1000);
  }

  private recordCall(call: OperationInvocation): void {
    this.children.of(this.metrics.operationCalls, call.kind, call.outcome).inc();
  }
}
