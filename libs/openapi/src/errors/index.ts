export { BackendRequestError } from './backend-request.error';
export { BackendUnavailableError } from './backend-unavailable.error';
export { ConnectorConfigError } from './connector-config.error';
export { ResponseTooLargeError } from './response-too-large.error';
