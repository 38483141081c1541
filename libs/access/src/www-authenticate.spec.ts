import { bearerChallenge, quotedString } from './www-authenticate';

describe('WWW-Authenticate values', () => {
  it('escapes quotes and backslashes inside a quoted-string', () => {
    expect(quotedString('one "Bearer <key>" \\ two')).toBe('"one \\"Bearer <key>\\" \\\\ two"');
    expect(quotedString('line\r\nbreak')).toBe('"line  break"');
  });

  it('builds a Bearer challenge: realm first, then the defined parameters in order', () => {
    expect(bearerChallenge()).toBe('Bearer realm="myko"');
    expect(bearerChallenge({ error: 'invalid_token', scope: undefined, error_description: 'a "b"' })).toBe(
      'Bearer realm="myko", error="invalid_token", error_description="a \\"b\\""',
    );
  });
});
