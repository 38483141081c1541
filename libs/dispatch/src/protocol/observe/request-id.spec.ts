import { Logger } from '@nestjs/common';
import { toErrorObject } from '../json-rpc/json-rpc.responses';
import { nextRequestId, requestLogTag } from './request-id';

describe('request ids', () => {
  afterEach(() => jest.restoreAllMocks());

  it('are unique per request and share the process prefix', () => {
    const ids = Array.from({ length: 1000 }, () => nextRequestId());
    expect(new Set(ids).size).toBe(1000);
    expect(new Set(ids.map((id) => id.split('-')[0])).size).toBe(1);
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
  });

  it('tag a line with the request id, and the trace id only when there is one', () => {
    expect(requestLogTag({ requestId: 'ab12cd34-1' })).toBe('[request=ab12cd34-1] ');
    expect(requestLogTag({ requestId: 'ab12cd34-1', traceId: 'f'.repeat(32) })).toBe(
      `[request=ab12cd34-1 trace=${'f'.repeat(32)}] `,
    );
    expect(requestLogTag(undefined)).toBe('');
  });

  it('start the internal-error line of a request, which never reaches the client', () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const object = toErrorObject(new TypeError('boom'), 'tools/call', {
      requestId: 'ab12cd34-7',
      traceId: 'e'.repeat(32),
    });
    expect(object).toEqual({ code: -32603, message: 'Internal error' });
    expect(String(logged.mock.calls[0][0])).toMatch(
      new RegExp(
        `^\\[request=ab12cd34-7 trace=${'e'.repeat(32)}\\] Internal error while handling tools/call: TypeError: boom`,
      ),
    );
  });
});
