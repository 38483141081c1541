import fc from 'fast-check';
import { anyMessage, anyParams, edgeString } from './fuzz.arbitraries';

/** The JSON text of a message, sometimes truncated, spliced or hand-written with a `__proto__` key. */
export const anyMessageText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: anyMessage.map((m) => JSON.stringify(m) ?? 'undefined') },
  {
    weight: 2,
    arbitrary: fc.tuple(anyMessage, fc.nat(), edgeString).map(([m, at, junk]) => {
      const text = JSON.stringify(m) ?? '';
      const cut = at % (text.length + 1);
      return text.slice(0, cut) + junk + text.slice(cut + 1);
    }),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(anyMessage, fc.nat())
      .map(([m, at]) => (JSON.stringify(m) ?? '').slice(0, at % ((JSON.stringify(m) ?? '').length + 1))),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer(), anyParams)
      .map(
        ([id, p]) => `{"jsonrpc":"2.0","id":${id},"method":"ping","params":{"__proto__":${JSON.stringify(p) ?? 1}}}`,
      ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '{"jsonrpc":"2.0","id":1,"id":2,"method":"ping"}',
      '{"jsonrpc":"2.0","__proto__":{"method":"ping","id":1}}',
      '{"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"ping"}',
      '{"jsonrpc":"2.0","id":1e999,"method":"ping"}',
      '{"jsonrpc":"2.0","id":-0,"method":"ping"}',
      '{"jsonrpc":"2.0","id":"\\ud800","method":"ping"}',
      '\uFEFF{"jsonrpc":"2.0","id":1,"method":"ping"}',
      '[]',
      '[[[[[[[[[[]]]]]]]]]]',
      '"\\u0000"',
      'null',
      '',
      ' ',
    ),
  },
  { weight: 1, arbitrary: edgeString },
);

/** Byte sequences that are not UTF-8: lone continuation, overlong, surrogate halves, truncated sequences. */
export const invalidUtf8 = fc.constantFrom(
  [0xff],
  [0xfe],
  [0x80],
  [0xc0, 0xaf],
  [0xc3, 0x28],
  [0xe2, 0x82],
  [0xed, 0xa0, 0x80],
  [0xf0, 0x9f, 0x98],
  [0xf4, 0x90, 0x80, 0x80],
);

/** Message text as bytes, sometimes with invalid UTF-8 spliced in, or plain random bytes. */
export const anyBytes: fc.Arbitrary<Buffer> = fc.oneof(
  { weight: 3, arbitrary: anyMessageText.map((t) => Buffer.from(t)) },
  {
    weight: 2,
    arbitrary: fc.tuple(anyMessageText, fc.nat(), invalidUtf8).map(([text, at, bad]) => {
      const bytes = Buffer.from(text);
      const cut = at % (bytes.length + 1);
      return Buffer.concat([bytes.subarray(0, cut), Buffer.from(bad), bytes.subarray(cut)]);
    }),
  },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)) },
);
