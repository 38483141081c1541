import { DispatchError } from '../../errors/dispatch.error';
import { TASKS_EXTENSION } from './modern-task-wire';

/** -32021 (Missing Required Client Capability): the request needs the tasks extension it did not declare. */
const MISSING_REQUIRED_CLIENT_CAPABILITY = -32021;

/** A 2026-07-28 request that needs `io.modelcontextprotocol/tasks` without declaring it. */
export class MissingTasksExtensionError extends DispatchError {
  readonly code = MISSING_REQUIRED_CLIENT_CAPABILITY;

  constructor() {
    super(`This request needs the client extension "${TASKS_EXTENSION}", which the request did not declare`, {
      requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } },
    });
  }
}
