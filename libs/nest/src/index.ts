/**
 * `@myko/nest`: the dynamic module an existing Nest application imports to serve its own operations
 * over MCP (`MykoModule`), and that `myko-nest serve` is built on.
 */
export const MYKO_NEST_PACKAGE = '@myko/nest';
