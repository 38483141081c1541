/** The Streamable HTTP headers a 2026-07-28 POST mirrors from its body (transports/streamable-http). */
export interface EraHeaders {
  readonly protocolVersion?: string;
  readonly method?: string;
  readonly name?: string;
}
