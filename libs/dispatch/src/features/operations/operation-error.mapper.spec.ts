import { ConflictError, InvalidArgumentsError, NotFoundError, OperationAbortedError } from '@myko/registry';
import { Logger } from '@nestjs/common';
import { JSON_RPC_ERROR_CODES } from '../../dispatch.constants';
import { InvalidParamsError, ResourceNotFoundError, ToolExecutionError } from '../../errors';
import { type FailedCall, toClientFailure } from './operation-error.mapper';

function call(aborted = false): FailedCall {
  const controller = new AbortController();
  if (aborted) controller.abort();
  return {
    label: 'query_GetOrder',
    request: {
      client: { sessionId: 's1' } as FailedCall['request']['client'],
      signal: controller.signal,
      requestId: 'r-1',
    },
  };
}

describe('toClientFailure', () => {
  let logged: jest.SpyInstance;
  beforeEach(() => {
    logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  const conflict = new ConflictError('Order 7 is paid and cannot be cancelled');
  const invalid = new InvalidArgumentsError('query_GetOrder', [{ path: 'orderId', reasons: ['must be a string'] }]);
  const fault = new TypeError("Cannot read properties of undefined (reading 'id')");

  it('shows an OperationError’s message as a tool execution error', () => {
    for (const error of [conflict, invalid, new NotFoundError('order', '7')]) {
      const mapped = toClientFailure(error, { as: 'tool-result' }, call());
      expect(mapped).toBeInstanceOf(ToolExecutionError);
      expect(mapped.message).toBe(error.message);
    }
    expect(logged).not.toHaveBeenCalled();
  });

  it('masks and logs any other failure on the surfaces whose message the client reads', () => {
    const tool = toClientFailure(fault, { as: 'tool-result' }, call());
    expect(tool).toBeInstanceOf(ToolExecutionError);
    expect(tool.message).toBe('Internal error in query_GetOrder');
    const script = toClientFailure(fault, { as: 'script' }, call());
    expect(script).toMatchObject({ name: 'InternalError', message: 'Internal error in query_GetOrder' });
    expect(logged).toHaveBeenCalledTimes(2);
    expect(logged.mock.calls[0][0]).toContain('[request=r-1] Internal error in query_GetOrder (session s1): TypeError');
  });

  it('leaves a tool’s failure to the abort when its request was aborted', () => {
    const aborted = new OperationAbortedError('query_GetOrder', 'cancelled');
    expect(toClientFailure(aborted, { as: 'tool-result' }, call())).toBe(aborted);
    expect(toClientFailure(fault, { as: 'tool-result' }, call(true))).toBe(fault);
    expect(logged).not.toHaveBeenCalled();
  });

  it('hands an OperationError to the script as it is', () => {
    expect(toClientFailure(conflict, { as: 'script' }, call())).toBe(conflict);
  });

  it('answers -32602 for prompts and completion, and leaves a fault to the JSON-RPC mapper (-32603)', () => {
    const mapped = toClientFailure(conflict, { as: 'invalid-params' }, call());
    expect(mapped).toBeInstanceOf(InvalidParamsError);
    expect(mapped).toMatchObject({
      code: JSON_RPC_ERROR_CODES.INVALID_PARAMS,
      message: `Invalid params: ${conflict.message}`,
    });
    expect(toClientFailure(fault, { as: 'invalid-params' }, call())).toBe(fault);
  });

  it('answers a resource read: not found -32002, another refusal -32602 naming the uri', () => {
    const uri = 'myko://live/query/GetOrder?orderId=7';
    expect(toClientFailure(new NotFoundError('order', '7'), { as: 'resource', uri }, call())).toEqual(
      new ResourceNotFoundError(uri),
    );
    const refused = toClientFailure(invalid, { as: 'resource', uri }, call());
    expect(refused).toBeInstanceOf(InvalidParamsError);
    expect(refused).toMatchObject({ message: `Invalid params: ${invalid.message}`, data: { uri } });
    expect(toClientFailure(fault, { as: 'resource', uri }, call())).toBe(fault);
  });
});
