import { ClientFilters } from './client-filters';
import { FilterParseError } from './errors/filter-parse.error';
import {
  filtersFromEnv,
  filtersFromHeaders,
  filtersFromNarrowing,
  narrowingFromEnv,
  narrowingFromHeaders,
} from './filter-source.parser';

function parseError(fn: () => unknown): FilterParseError {
  try {
    fn();
  } catch (error) {
    if (error instanceof FilterParseError) return error;
    throw error;
  }
  throw new Error('expected a FilterParseError');
}

describe('filtersFromHeaders', () => {
  it('returns ALLOW_ALL without filter headers or with empty ones', () => {
    expect(filtersFromHeaders({ host: 'localhost' })).toBe(ClientFilters.ALLOW_ALL);
    expect(filtersFromHeaders({ 'x-myko-tool-visibility-allow': ' ', 'x-myko-tool-callable-deny': '' })).toBe(
      ClientFilters.ALLOW_ALL,
    );
  });

  it('reads the four headers case-insensitively', () => {
    const filters = filtersFromHeaders({
      'X-MYKO-TOOL-VISIBILITY-ALLOW': 'query_*, command_*',
      'x-myko-tool-visibility-deny': 'command_Delete*',
      'X-Myko-Tool-Callable-Allow': '{"command_CancelOrder": {"warehouse": ["US-1"]}}',
      'x-myko-tool-callable-DENY': '{"query_GetOrders": {"status": ["archived"]}}',
    });
    expect(filters.isVisible('query_GetOrders')).toBe(true);
    expect(filters.isVisible('view_Board')).toBe(false);
    expect(filters.isVisible('command_DeleteOrder')).toBe(false);
    expect(filters.checkCallable('command_CancelOrder', { warehouse: 'EU-1' })).toContain('not in the allowed list');
    expect(filters.checkCallable('query_GetOrders', { status: 'archived' })).toContain('in the denied list');
  });

  it('joins repeated visibility headers like Node joins repeated headers', () => {
    const filters = filtersFromHeaders({ 'x-myko-tool-visibility-deny': ['query_*', 'command_*'] });
    expect(filters.isVisible('query_A')).toBe(false);
    expect(filters.isVisible('command_A')).toBe(false);
    expect(filters.isVisible('view_A')).toBe(true);
  });

  it('refuses a repeated callability header', () => {
    const error = parseError(() => filtersFromHeaders({ 'x-myko-tool-callable-allow': ['{}', '{}'] }));
    expect(error.message).toBe('X-Myko-Tool-Callable-Allow: sent 2 times; send one JSON object');
  });

  it.each([
    [
      'x-myko-tool-visibility-allow',
      'query_{Get',
      'X-Myko-Tool-Visibility-Allow: pattern "query_{Get" is not a valid glob',
    ],
    ['x-myko-tool-visibility-deny', 'command_@(Delete)', 'X-Myko-Tool-Visibility-Deny: pattern'],
    ['x-myko-tool-callable-allow', '{oops', 'X-Myko-Tool-Callable-Allow: not valid JSON'],
    ['x-myko-tool-callable-deny', '{"command_X": {"w": "EU"}}', 'X-Myko-Tool-Callable-Deny: at "command_X"."w"'],
  ])('refuses a malformed %s, naming the header', (header, value, message) => {
    expect(parseError(() => filtersFromHeaders({ [header]: value })).message).toContain(message);
  });

  it('keeps error messages on one ASCII line (they may become an HTTP status text)', () => {
    for (const text of ['{"ä\\n": {"w": [1]}}', '{ä\u2028}', `{"a_b": {"w": [${'"é",'.repeat(100)}]}`]) {
      const message = parseError(() => filtersFromHeaders({ 'x-myko-tool-callable-allow': text })).message;
      expect(message).toMatch(/^[\x20-\x7e]+$/);
    }
  });

  it('reuses the parsed filters for the same header values', () => {
    const headers = { 'x-myko-tool-visibility-allow': 'query_Cached*' };
    expect(filtersFromHeaders(headers)).toBe(filtersFromHeaders({ ...headers }));
  });
});

describe('narrowingFromHeaders / filtersFromNarrowing', () => {
  it('keeps the non-empty header texts, which give back the same filters; no narrowing without them', () => {
    expect(narrowingFromHeaders({ authorization: 'Bearer k', 'x-myko-tool-visibility-deny': ' ' })).toBeUndefined();
    const headers = {
      authorization: 'Bearer k',
      'X-Myko-Tool-Visibility-Deny': 'command_Purge*',
      'x-myko-tool-callable-allow': '{"command_Restock":{"site":["AMS"]}}',
    };
    const narrowing = narrowingFromHeaders(headers);
    expect(narrowing).toEqual({
      visibilityDeny: 'command_Purge*',
      callableAllow: '{"command_Restock":{"site":["AMS"]}}',
    });
    const restored = filtersFromNarrowing(JSON.parse(JSON.stringify(narrowing)));
    expect(restored).toBe(filtersFromHeaders(headers));
    expect(restored.checkCallable('command_Restock', { site: 'BER' })).toContain('refused');
    expect(filtersFromNarrowing({})).toBe(ClientFilters.ALLOW_ALL);
  });
});

describe('filtersFromEnv', () => {
  it('reads the MYKO_MCP_TOOL_* variables', () => {
    const filters = filtersFromEnv({
      MYKO_MCP_TOOL_VISIBILITY_ALLOW: 'query:*',
      MYKO_MCP_TOOL_VISIBILITY_DENY: 'query_Secret*',
      MYKO_MCP_TOOL_CALLABLE_ALLOW: '{"query_GetOrders": {"limit": [10]}}',
      MYKO_MCP_TOOL_CALLABLE_DENY: '{"query_GetOrders": {"status": ["x"]}}',
    });
    expect(filters.isVisible('query_GetOrders')).toBe(true);
    expect(filters.isVisible('query_SecretThing')).toBe(false);
    expect(filters.isMetaToolVisible('execute')).toBe(true);
    expect(filters.checkCallable('query_GetOrders', { limit: 10, status: 'y' })).toBeUndefined();
    expect(filters.checkCallable('query_GetOrders', { limit: 10 })).toContain('omitted');
    expect(filters.checkCallable('query_GetOrders', { limit: 10, status: 'x' })).toContain('denied');
  });

  it('keeps the non-empty variable texts as a narrowing (a stdio execution record), which give back the same filters', () => {
    const env = {
      MYKO_MCP_TOOL_VISIBILITY_DENY: 'command_Purge*',
      MYKO_MCP_TOOL_CALLABLE_DENY: '{"command_Restock":{"site":["BER"]}}',
      MYKO_MCP_TOOL_CALLABLE_ALLOW: ' ',
      HOME: '/root',
    };
    const narrowing = narrowingFromEnv(env);
    expect(narrowing).toEqual({
      visibilityDeny: 'command_Purge*',
      callableDeny: '{"command_Restock":{"site":["BER"]}}',
    });
    const restored = filtersFromNarrowing(JSON.parse(JSON.stringify(narrowing)));
    expect(restored.checkCallable('command_Restock', { site: 'BER' })).toContain('denied');
    expect(restored.isVisible('command_PurgeAll')).toBe(false);
    expect(narrowingFromEnv({ HOME: '/root', MYKO_MCP_TOOL_VISIBILITY_ALLOW: '' })).toBeUndefined();
  });

  it('treats unset and empty variables as no restriction', () => {
    expect(filtersFromEnv({})).toBe(ClientFilters.ALLOW_ALL);
    expect(filtersFromEnv({ MYKO_MCP_TOOL_VISIBILITY_DENY: '' })).toBe(ClientFilters.ALLOW_ALL);
  });

  it.each([
    ['MYKO_MCP_TOOL_VISIBILITY_ALLOW', 'query_[x'],
    ['MYKO_MCP_TOOL_VISIBILITY_DENY', '!query_*'],
    ['MYKO_MCP_TOOL_CALLABLE_ALLOW', '[]'],
    ['MYKO_MCP_TOOL_CALLABLE_DENY', '{"a_b": 1}'],
  ])('refuses a malformed %s, naming the variable', (name, value) => {
    const error = parseError(() => filtersFromEnv({ [name]: value }));
    expect(error.source).toBe(name);
    expect(error.message.startsWith(`${name}: `)).toBe(true);
  });
});
