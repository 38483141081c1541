import {
  DispatchService,
  type JsonRpcResponse,
  type ObservedRequest,
  type OperationCallOutcome,
  type RequestObservation,
  type RequestObserver,
} from '@myko/dispatch';
import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import {
  type Attributes,
  type Context,
  context,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import type { TracerProvider } from '@opentelemetry/sdk-trace';
import { GATEWAYS_OPTIONS } from '../gateways.constants';
import type { ResolvedGatewaysOptions } from '../interfaces';
import { createTracerProvider } from './tracer-provider.factory';

const propagator = new W3CTraceContextPropagator();
const metaGetter = {
  keys: (carrier: Readonly<Record<string, unknown>>) => Object.keys(carrier),
  get: (carrier: Readonly<Record<string, unknown>>, key: string) => {
    const value = carrier[key];
    return typeof value === 'string' ? value : undefined;
  },
};

/** The trace context a client sent: `params._meta` first, else its transport's (HTTP headers), else none. */
function parentOf(request: ObservedRequest): Context {
  const carrier = typeof request.meta?.traceparent === 'string' ? request.meta : request.client.traceContext;
  return carrier ? propagator.extract(ROOT_CONTEXT, carrier, metaGetter) : ROOT_CONTEXT;
}

function endRequestSpan(span: Span, response: JsonRpcResponse | undefined): void {
  if (!response) span.setAttribute('mcp.request.cancelled', true);
  else if ('error' in response) {
    span.setAttribute('rpc.jsonrpc.error_code', response.error.code);
    span.setStatus({ code: SpanStatusCode.ERROR, message: response.error.message.slice(0, 200) });
  } else if ((response.result as { isError?: unknown } | undefined)?.isError === true) {
    span.setAttribute('error.type', 'tool_error');
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
}

/**
 * OpenTelemetry tracing (off unless configured): a server span per MCP request (`tools/call execute`),
 * a child span per `myko.*` call inside `execute` (operation name, kind, outcome; never argument
 * values), nested under a `traceparent` the client sends in `params._meta`.
 * @publicApi
 */
@Injectable()
export class MykoTracing implements OnModuleInit, OnApplicationShutdown, RequestObserver {
  readonly provider: TracerProvider;
  private readonly tracer: Tracer;
  private stop?: () => void;

  constructor(
    private readonly dispatch: DispatchService,
    @Inject(GATEWAYS_OPTIONS) options: Pick<ResolvedGatewaysOptions, 'tracing'>,
  ) {
    if (!options.tracing) throw new Error('MykoTracing needs tracing options');
    this.provider = createTracerProvider(options.tracing);
    this.tracer = this.provider.getTracer('myko-nest');
  }

  onModuleInit(): void {
    this.stop = this.dispatch.observe(this);
  }

  /** Flushes the spans still buffered (the batch exporter) before the process ends. */
  async onApplicationShutdown(): Promise<void> {
    this.stop?.();
    await this.provider.shutdown();
  }

  begin(request: ObservedRequest): RequestObservation {
    const { method, target, client, protocolVersion } = request;
    const parent = parentOf(request);
    const attributes: Attributes = {
      'mcp.method.name': method,
      'mcp.session.id': client.sessionId,
      'network.transport': client.transport,
    };
    if (target) attributes['gen_ai.tool.name'] = target;
    if (protocolVersion) attributes['mcp.protocol.version'] = protocolVersion;
    if (client.principal) attributes['myko.profile'] = client.principal;
    const name = target ? `${method} ${target}` : method;
    const span = this.tracer.startSpan(name, { kind: SpanKind.SERVER, attributes }, parent);
    const spanContext = trace.setSpan(parent, span);
    return {
      traceId: span.isRecording() ? span.spanContext().traceId : undefined,
      run: (handler) => context.with(spanContext, handler),
      operationCall: (name) => this.operationSpan(name, spanContext),
      end: (response) => endRequestSpan(span, response),
    };
  }

  private operationSpan(name: string, parent: Context): (outcome: OperationCallOutcome) => void {
    const kind = name.slice(0, name.indexOf('_'));
    const span = this.tracer.startSpan(
      `myko.${kind} ${name.slice(kind.length + 1)}`,
      { kind: SpanKind.INTERNAL, attributes: { 'myko.operation': name, 'myko.operation.kind': kind } },
      parent,
    );
    return (outcome) => {
      span.setAttribute('myko.outcome', outcome);
      if (outcome !== 'ok') span.setStatus({ code: SpanStatusCode.ERROR, message: outcome });
      span.end();
    };
  }
}
