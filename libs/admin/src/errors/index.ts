export { AdminRequestError } from './admin-request.error';
