/** A custom MCP primitive cannot be registered (duplicate, bad name or URI, late registration); fails the boot. */
export class McpRegistrationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'McpRegistrationError';
  }
}
