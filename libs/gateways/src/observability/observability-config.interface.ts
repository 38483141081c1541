/**
 * `observability.metrics`: the Prometheus exposition at `/metrics`, off the MCP path.
 * @publicApi
 */
export interface MetricsConfig {
  /** @default true when the section is present */
  readonly enabled: boolean;
  /** Client addresses (IPs or CIDR ranges) that may read `/metrics`; others get 403. @default loopback */
  readonly allow: readonly string[];
}

/**
 * `observability.tracing`: OpenTelemetry spans for MCP requests and the `myko.*` calls of `execute`.
 * @publicApi
 */
export interface TracingConfig {
  /** @default true when the section is present */
  readonly enabled: boolean;
  /** `otlp` (OTLP/HTTP protobuf to `endpoint`), `console`, or `none` (spans made, not exported). @default "otlp" */
  readonly exporter: 'otlp' | 'console' | 'none';
  /** OTLP traces URL. @default OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, else http://localhost:4318/v1/traces */
  readonly endpoint?: string;
  /** Share of new traces recorded (parent-based: a sampled `traceparent` is always followed). @default 1 */
  readonly sampleRatio: number;
  /** `service.name` of the spans. @default "myko-nest" */
  readonly serviceName: string;
}

/** The `observability` section of the config file. @publicApi */
export interface ObservabilityConfig {
  readonly metrics?: MetricsConfig;
  readonly tracing?: TracingConfig;
}
