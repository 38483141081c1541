/**
 * An RFC 7230 §3.2.6 quoted-string: `"` and `\` escaped with a backslash. Control characters other
 * than tab cannot appear in a header value at all, so they become spaces.
 */
export function quotedString(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to remove them
  return `"${value.replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, ' ').replace(/["\\]/g, '\\$&')}"`;
}

/**
 * A `Bearer` challenge (RFC 6750 §3): `realm="myko"`, then each defined parameter as a quoted-string,
 * in the order given. The one builder of `WWW-Authenticate` values, so every one is well-formed.
 */
export function bearerChallenge(params: Readonly<Record<string, string | undefined>> = {}): string {
  const parts = Object.entries({ realm: 'myko', ...params })
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `${name}=${quotedString(value)}`);
  return `Bearer ${parts.join(', ')}`;
}
