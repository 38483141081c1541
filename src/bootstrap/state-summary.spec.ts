import { stateSummary } from './state-summary';

describe('stateSummary', () => {
  it('says the state is in this process without Redis', () => {
    expect(stateSummary({})).toBe('State: in this process (memory; not shared with other instances)');
  });

  it.each([
    ['redis://127.0.0.1:6379', 'Redis 127.0.0.1:6379/0, key prefix "myko:"'],
    ['redis://ops:hunter2@10.0.0.5/3', 'Redis 10.0.0.5:6379/3, key prefix "myko:"'],
    ['rediss://:hunter2@cache.internal:6380/1', 'Redis cache.internal:6380/1, TLS, key prefix "myko:"'],
  ])('names host, port and database of %s, never the user or password', (url, line) => {
    expect(stateSummary({ redis: { url } })).toBe(`State: ${line}`);
    expect(stateSummary({ redis: { url } })).not.toMatch(/hunter2|ops/);
  });

  it('names a configured key prefix', () => {
    expect(stateSummary({ redis: { url: 'redis://h:1', keyPrefix: 'shop:' } })).toBe(
      'State: Redis h:1/0, key prefix "shop:"',
    );
  });
});
