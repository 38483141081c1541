import fc from 'fast-check';

/** Characters that break naive string handling: lone surrogates, NUL, controls, bidi overrides, BOM, emoji. */
const EDGE_CHARS = [
  '\uD800',
  '\uDBFF',
  '\uDC00',
  '\uDFFF',
  '\u0000',
  '\u0007',
  '\n',
  '\r',
  '\u2028',
  '\u2029',
  '\u202E',
  '\u200F',
  '\u200B',
  '\uFEFF',
  '\uFFFD',
  '\uFFFF',
  '😀',
  '👩‍👩‍👧',
  '🇫🇷',
  'é',
  'e\u0301',
  '"',
  '\\',
  '/',
  '{',
  '}',
  '%',
  '$',
  '`',
];

export const edgeString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom(...EDGE_CHARS), maxLength: 40 }),
  fc.constantFrom('', ' ', '__proto__', 'constructor', 'prototype', 'toString', 'null', 'undefined', 'NaN'),
  fc.integer({ min: 10_000, max: 200_000 }).map((n) => 'x'.repeat(n)),
);

/** Nested arrays/objects up to `max` levels deep. */
export function deepNesting(max: number): fc.Arbitrary<unknown> {
  return fc
    .record({ depth: fc.integer({ min: 1, max }), object: fc.boolean(), leaf: fc.jsonValue({ maxDepth: 1 }) })
    .map(({ depth, object, leaf }) => {
      let value: unknown = leaf;
      for (let i = 0; i < depth; i++) value = object ? { a: value } : [value];
      return value;
    });
}

export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 3, arbitrary: edgeString },
  { weight: 1, arbitrary: deepNesting(3000) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -0, -1, 1.5, 1e308, -1e308, Number.MAX_VALUE) },
);

export const anyId: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.string({ maxLength: 20 }),
  edgeString,
  fc.constantFrom(
    0,
    -0,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 2,
    -Number.MAX_SAFE_INTEGER - 2,
    1e21,
    1e300,
    Number.MAX_VALUE,
    1.5,
    null,
    true,
    '',
    '1',
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.jsonValue({ maxDepth: 2 }),
);

export const METHODS = [
  'initialize',
  'ping',
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/read',
  'resources/templates/list',
  'resources/subscribe',
  'resources/unsubscribe',
  'prompts/list',
  'prompts/get',
  'completion/complete',
  'logging/setLevel',
  'notifications/initialized',
  'notifications/cancelled',
  'notifications/progress',
  'notifications/roots/list_changed',
];

export const anyMethod: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...METHODS) },
  { weight: 1, arbitrary: edgeString },
  { weight: 1, arbitrary: junkValue },
);

const SCRIPTS = [
  'return 1',
  'return null',
  'throw new Error("boom")',
  'return undefined.x',
  'return await myko.query("GetOrders", {})',
  'return await myko.query("Nope", {})',
  'return await myko.command("PlaceOrder", { junk: true })',
  'return await myko.query("GetProducts", null)',
  'return process.env',
  'return require("fs")',
  'return globalThis.constructor.constructor("return process")()',
  'console.log("\\u0000\\uD800"); return "\\uDFFF"',
  'return new Array(10).fill("😀")',
  'return { a: 1n }',
  'return Symbol("x")',
  'const a = {}; a.a = a; return a',
  '}{',
];

/** `execute` arguments that pass its schema most of the time, so the sandbox really runs the code. */
export const executeArguments = fc.record(
  {
    code: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...SCRIPTS) },
      { weight: 2, arbitrary: edgeString },
      { weight: 1, arbitrary: junkValue },
    ),
    timeoutMs: fc.oneof(fc.integer({ min: -10, max: 2000 }), junkValue),
  },
  { requiredKeys: ['code'] },
);

/** `search` arguments, mostly well-named with junk values. */
export const searchArguments = fc.record(
  {
    query: fc.oneof(edgeString, fc.constantFrom('order', 'GetOrders', 'stock place', '*', '.*'), junkValue),
    detail: fc.oneof(fc.constantFrom('brief', 'full'), junkValue),
    kind: fc.oneof(fc.constantFrom('query', 'command', 'view', 'report'), junkValue),
    cursor: fc.oneof(edgeString, junkValue),
  },
  { requiredKeys: [] },
);

export const toolArguments = fc.oneof(junkValue, executeArguments, searchArguments);

export const junkUri = fc.oneof(
  edgeString,
  junkValue,
  fc.constantFrom(
    'myko://schema/query/GetOrders',
    'myko://schema/command/PlaceOrder',
    'myko://schema/query/',
    'myko://schema/../../etc/passwd',
    'myko://schema/%2e%2e/%00',
    'file:///etc/passwd',
    'myko://',
    'http://127.0.0.1/',
  ),
  edgeString.map((s) => `myko://schema/${s}`),
  fc.tuple(edgeString, edgeString).map(([kind, id]) => `myko://schema/${kind}/${id}`),
);

/** Params shaped for the method (mostly wrong), or anything at all. */
export const anyParams: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 2, arbitrary: junkValue },
  {
    weight: 3,
    arbitrary: fc.record(
      {
        name: fc.oneof(fc.constantFrom('search', 'execute', 'query_GetOrders', 'nope'), edgeString, junkValue),
        arguments: toolArguments,
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 2, arbitrary: fc.record({ uri: junkUri, _meta: junkValue }, { requiredKeys: [] }) },
  {
    weight: 1,
    arbitrary: fc.record(
      {
        requestId: anyId,
        protocolVersion: fc.oneof(fc.constantFrom('2025-11-25', '2025-06-18', '1999-01-01'), junkValue),
        capabilities: junkValue,
        clientInfo: junkValue,
        level: fc.oneof(fc.constantFrom('debug', 'error'), junkValue),
        ref: junkValue,
        argument: junkValue,
        progressToken: anyId,
        _meta: fc.record({ progressToken: anyId }, { requiredKeys: [] }),
      },
      { requiredKeys: [] },
    ),
  },
);

/** One object with each JSON-RPC member right, wrong or missing. */
const mutatedRequest = fc.record(
  {
    jsonrpc: fc.oneof({ weight: 5, arbitrary: fc.constant('2.0') }, { weight: 1, arbitrary: junkValue }),
    id: anyId,
    method: anyMethod,
    params: anyParams,
    result: junkValue,
    error: fc.oneof(junkValue, fc.record({ code: junkValue, message: junkValue, data: junkValue })),
    extra: junkValue,
  },
  { requiredKeys: [] },
);

/** Requests whose members are right but whose params are junk. */
const wellFramedRequest = fc.record({
  jsonrpc: fc.constant('2.0'),
  id: fc.oneof(fc.integer(), fc.string({ maxLength: 10 })),
  method: fc.constantFrom(...METHODS),
  params: anyParams,
});

/** Responses and errors sent to the server as if it had asked something. */
const clientResponse = fc.record(
  {
    jsonrpc: fc.constant('2.0'),
    id: anyId,
    result: fc.oneof(fc.constant({}), junkValue),
    error: fc.oneof(fc.record({ code: fc.integer(), message: fc.string() }), junkValue),
  },
  { requiredKeys: ['jsonrpc', 'id'] },
);

export const anyMessage: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: wellFramedRequest },
  { weight: 6, arbitrary: mutatedRequest },
  { weight: 2, arbitrary: clientResponse },
  { weight: 1, arbitrary: fc.array(fc.oneof(wellFramedRequest, mutatedRequest), { maxLength: 4 }) },
  { weight: 1, arbitrary: junkValue },
);
