import { Logger } from '@nestjs/common';
import { ResourceEvents } from './resource-events.service';

describe('ResourceEvents', () => {
  it('tells every listener the changed URI until it is removed, isolating failing listeners', () => {
    const events = new ResourceEvents();
    const seen: string[] = [];
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    events.onChanged(() => {
      throw new Error('listener bug');
    });
    const stop = events.onChanged((uri) => seen.push(uri));
    events.changed('a://1');
    stop();
    events.changed('a://2');
    expect(seen).toEqual(['a://1']);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('listener bug'));
    logged.mockRestore();
  });

  it('counts watchers per URI; a release is idempotent', () => {
    const events = new ResourceEvents();
    const first = events.watch('a://1');
    const second = events.watch('a://1');
    first();
    first();
    expect(events.isWatched('a://1')).toBe(true);
    second();
    expect(events.isWatched('a://1')).toBe(false);
    expect(events.isWatched('a://2')).toBe(false);
  });
});
