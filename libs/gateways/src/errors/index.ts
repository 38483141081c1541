export { McpHttpError } from './mcp-http.error';
