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

  it('tells watch listeners when a URI starts or stops being watched, not when its count changes', () => {
    const events = new ResourceEvents();
    let changes = 0;
    const stop = events.onWatchesChanged(() => changes++);
    const first = events.watch('a://1');
    const second = events.watch('a://1');
    expect([changes, [...events.localWatches()]]).toEqual([1, ['a://1']]);
    first();
    expect(changes).toBe(1);
    second();
    second();
    expect([changes, [...events.localWatches()]]).toEqual([2, []]);
    stop();
    events.watch('a://2')();
    expect(changes).toBe(2);
  });

  it('isWatched asks the plugged remote check too, until it is unplugged', () => {
    const events = new ResourceEvents();
    const asked: string[] = [];
    const unplug = events.useRemoteWatches((uri) => {
      asked.push(uri);
      return uri === 'a://elsewhere';
    });
    const release = events.watch('a://here');
    expect(events.isWatched('a://here')).toBe(true);
    expect(events.isWatched('a://elsewhere')).toBe(true);
    expect(events.isWatched('a://nowhere')).toBe(false);
    expect(asked).toEqual(['a://elsewhere', 'a://nowhere']);
    unplug();
    expect(events.isWatched('a://elsewhere')).toBe(false);
    release();
    expect(events.isWatched('a://here')).toBe(false);
  });
});
