export { ClientCapabilityError } from './client-capability.error';
export { ClientRequestError } from './client-request.error';
export { InputRequiredError } from './input-required.error';
export { McpRegistrationError } from './mcp-registration.error';
