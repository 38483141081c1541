import { Injectable } from '@nestjs/common';
import { InvalidParamsError } from '../../errors';
import type { RequestContext } from '../../interfaces/request-context.interface';
import type { JsonRpcParams } from '../json-rpc/json-rpc.message';
import { isLogLevel, LOG_LEVELS } from './log-level';

/** `logging/setLevel`: the session's minimum level for `notifications/message`, effective at once. */
@Injectable()
export class LoggingHandler {
  setLevel(params: JsonRpcParams, request: RequestContext): Record<string, unknown> {
    if (!isLogLevel(params.level)) {
      throw new InvalidParamsError(`\`level\` must be one of ${LOG_LEVELS.join(', ')}`);
    }
    request.session.logLevel = params.level;
    return {};
  }
}
