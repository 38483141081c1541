import { McpHttpError } from '../errors';
import {
  acceptedResponses,
  acceptsEventStream,
  assertJsonContentType,
  assertProtocolVersion,
} from './mcp-http.negotiation';

function statusOf(fn: () => unknown): number | undefined {
  try {
    fn();
    return undefined;
  } catch (error) {
    return (error as McpHttpError).status;
  }
}

describe('MCP HTTP negotiation', () => {
  it('accepts application/json with parameters and refuses anything else with 415', () => {
    expect(statusOf(() => assertJsonContentType('application/json'))).toBeUndefined();
    expect(statusOf(() => assertJsonContentType('Application/JSON; charset=utf-8'))).toBeUndefined();
    expect(statusOf(() => assertJsonContentType(undefined))).toBe(415);
    expect(statusOf(() => assertJsonContentType('text/plain'))).toBe(415);
    expect(statusOf(() => assertJsonContentType('application/json-patch+json'))).toBe(415);
  });

  it('reads which answer forms Accept allows', () => {
    expect(acceptedResponses('application/json, text/event-stream')).toEqual({ json: true, sse: true });
    expect(acceptedResponses('application/json')).toEqual({ json: true, sse: false });
    expect(acceptedResponses('text/event-stream')).toEqual({ json: false, sse: true });
    expect(acceptedResponses(undefined)).toEqual({ json: true, sse: false });
    expect(acceptedResponses('*/*')).toEqual({ json: true, sse: false });
    expect(acceptedResponses('application/json;q=0, text/event-stream')).toEqual({ json: false, sse: true });
  });

  it('refuses an Accept with neither JSON nor SSE with 406', () => {
    expect(statusOf(() => acceptedResponses('text/html'))).toBe(406);
    expect(statusOf(() => acceptedResponses('application/json;q=0'))).toBe(406);
  });

  it('opens a GET stream only for text/event-stream', () => {
    expect(acceptsEventStream('text/event-stream')).toBe(true);
    expect(acceptsEventStream('*/*')).toBe(false);
    expect(acceptsEventStream(undefined)).toBe(false);
  });

  it('refuses an unsupported MCP-Protocol-Version with 400 and lists the supported ones', () => {
    const supported = ['2025-11-25', '2025-06-18'];
    expect(statusOf(() => assertProtocolVersion(undefined, supported))).toBeUndefined();
    expect(statusOf(() => assertProtocolVersion('2025-06-18', supported))).toBeUndefined();
    expect(() => assertProtocolVersion('1999-01-01', supported)).toThrow(/supported: 2025-11-25, 2025-06-18/);
    expect(statusOf(() => assertProtocolVersion('1999-01-01', supported))).toBe(400);
  });
});
