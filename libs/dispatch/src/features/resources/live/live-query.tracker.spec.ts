import { ResourceEvents } from '@myko/mcp';
import { OperationInvoker, OperationRegistry } from '@myko/registry';
import { IsInt } from 'class-validator';
import { DEFAULT_LIVE_OPTIONS } from '../../../dispatch.constants';
import type { ResolvedDispatchOptions } from '../../../interfaces/dispatch-options.interface';
import { resolveFairnessOptions } from '../../../protocol/fairness/fairness-options.table';
import type { ResolvedLiveQuery } from './live-query.catalog';
import { LiveQueryTracker } from './live-query.tracker';

class ItemArgs {
  @IsInt()
  id!: number;
}

const PER_TURN = 8;

describe('LiveQueryTracker recomputation', () => {
  const recomputed: number[] = [];
  let onRecompute = (): void => undefined;
  const registry = new OperationRegistry();
  registry.register({
    kind: 'query',
    id: 'Item',
    description: 'One item',
    args: ItemArgs,
    reads: ['Item'],
    source: 'spec',
    handler: (args: { id?: number }) => {
      recomputed.push(args.id ?? -1);
      onRecompute();
      return { id: args.id, at: recomputed.length };
    },
  });
  registry.seal();
  const options = {
    live: { ...DEFAULT_LIVE_OPTIONS, coalesceMs: 0 },
    fairness: resolveFairnessOptions({ liveRecomputesPerTurn: PER_TURN }),
  } as ResolvedDispatchOptions;
  let tracker: LiveQueryTracker;
  let changed: string[];

  const query = (id: number): ResolvedLiveQuery => ({
    kind: 'query',
    id: 'Item',
    name: 'query_Item',
    args: { id },
    uri: `myko://live/query/Item?args={"id":${id}}`,
    reads: ['Item'],
  });
  const allRecomputed = (count: number) =>
    new Promise<void>((resolve) => {
      onRecompute = () => recomputed.length >= count && setImmediate(resolve);
    });

  beforeEach(() => {
    recomputed.length = 0;
    changed = [];
    const events = new ResourceEvents();
    events.onChanged((uri) => changed.push(uri));
    tracker = new LiveQueryTracker(registry, new OperationInvoker(registry), events, options);
  });

  it('recomputes a write’s watches in batches, yielding to the event loop between them', async () => {
    for (let id = 0; id < 100; id++) tracker.watch(query(id), 'before', 'key:flood');
    const done = allRecomputed(100);
    let seenByOtherWork: number | undefined;
    const whenAll = onRecompute;
    onRecompute = () => {
      // Another client's I/O callback, queued as the recomputation starts: it must not wait for all 100.
      if (recomputed.length === 1) setImmediate(() => (seenByOtherWork = recomputed.length));
      whenAll();
    };
    tracker.written(['Item']);
    await done;
    expect(seenByOtherWork).toBeLessThanOrEqual(2 * PER_TURN);
    expect(changed).toHaveLength(100);
  });

  it('takes the watches of each client in turn, so one client’s thousands queue behind its own', async () => {
    for (let id = 0; id < 50; id++) tracker.watch(query(id), 'before', 'key:flood');
    tracker.watch(query(1000), 'before', 'key:honest');
    const done = allRecomputed(51);
    tracker.written(['Item']);
    await done;
    expect(recomputed.indexOf(1000)).toBeLessThan(PER_TURN);
  });
});
