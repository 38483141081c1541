/**
 * The start-up line that says where MCP is served (an embedding application chose the path, and its
 * operator has no other way to learn it from the logs): Streamable HTTP at every MCP path, WebSocket
 * at the first, the one `routeUpgrades` takes.
 */
export function mcpMountMessage(mcpPaths: readonly string[]): string {
  const http = mcpPaths.join(' and ');
  return `MCP mounted on the application's HTTP server: Streamable HTTP at ${http}, WebSocket at ${mcpPaths[0]}`;
}
