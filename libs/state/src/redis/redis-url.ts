/**
 * The URL as it may be logged: the password (or a lone `user` that is really a password,
 * `redis://:secret@host`) replaced by `***`. A string that is not a URL is returned unchanged but
 * cut at any `@`, so nothing before it leaks.
 */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    const at = url.lastIndexOf('@');
    return at === -1 ? url : `***@${url.slice(at + 1)}`;
  }
}

/** Why a URL cannot name a Redis server, or undefined when it can. */
export function redisUrlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'expected a URL such as redis://127.0.0.1:6379';
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    return `expected a redis:// or rediss:// URL, got ${parsed.protocol}//`;
  }
  if (!parsed.hostname) return 'the URL names no host';
  const db = parsed.pathname.replace(/^\//, '');
  if (db !== '' && !/^\d{1,2}$/.test(db)) return `the database must be a number (redis://host:port/0), got "${db}"`;
  return undefined;
}
