export { ConflictError } from './conflict.error';
export { DecoratorOptionsError, type InvalidDecoratorUse } from './decorator-options.error';
export { type ArgumentIssue, InvalidArgumentsError } from './invalid-arguments.error';
export { NotFoundError } from './not-found.error';
export { OperationError } from './operation.error';
export { OperationAbortedError } from './operation-aborted.error';
export { OperationNotFoundError } from './operation-not-found.error';
export { OperationRegistrationError } from './registration.error';
