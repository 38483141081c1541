export { AdminConfigError } from './admin-config.error';
export { AdminRequestError } from './admin-request.error';
