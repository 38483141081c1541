export { StateConnectionError } from './state-connection.error';
export { StateUnavailableError } from './state-unavailable.error';
