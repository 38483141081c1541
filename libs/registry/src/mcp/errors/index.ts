export { ClientCapabilityError } from './client-capability.error';
export { ClientRequestError } from './client-request.error';
export { McpRegistrationError } from './mcp-registration.error';
export { InputRequiredError } from './input-required.error';
