import { parseAccessConfig } from './access-config.parser';
import { parseRedisConfig } from './redis-config.parser';

function problems(value: unknown): Array<{ path: string; problem: string }> {
  const found: Array<{ path: string; problem: string }> = [];
  parseRedisConfig(value, (path, problem) => found.push({ path, problem }));
  return found;
}

describe('the redis section of the config file', () => {
  it('keeps a redis:// or rediss:// URL and a key prefix', () => {
    expect(parseRedisConfig({ url: 'rediss://:pw@cache:6380/2', keyPrefix: 'prod:' }, () => undefined)).toEqual({
      url: 'rediss://:pw@cache:6380/2',
      keyPrefix: 'prod:',
    });
    const config = parseAccessConfig({ auth: { required: false }, redis: { url: 'redis://127.0.0.1:6379' } });
    expect(config.redis).toEqual({ url: 'redis://127.0.0.1:6379' });
  });

  it('reports every problem with its path, never echoing the URL (it may hold a password)', () => {
    const found = problems({ url: 'http://user:secret@host', keyPrefix: 'a b', port: 1 });
    expect(found.map((p) => p.path).sort()).toEqual(['redis.keyPrefix', 'redis.port', 'redis.url']);
    expect(JSON.stringify(found)).not.toContain('secret');
    expect(problems('redis://x')).toEqual([
      { path: 'redis', problem: 'expected an object {"url": "redis://host:port"}' },
    ]);
    expect(() => parseAccessConfig({ auth: { required: false }, redis: { url: 'nope' } })).toThrow(/redis\.url/);
  });
});
