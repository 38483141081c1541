import { createHash } from 'node:crypto';
import { ResourceEvents } from '@myko/mcp';
import { type OperationContext, type OperationInvocation, OperationInvoker, OperationRegistry } from '@myko/registry';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { DISPATCH_OPTIONS } from '../../../dispatch.constants';
import type { ResolvedDispatchOptions } from '../../../interfaces/dispatch-options.interface';
import { FairWorkScheduler } from '../../../protocol/fairness/fair-work.scheduler';
import { liveContent, type ResolvedLiveQuery } from './live-query.catalog';

/** One distinct live query some session watches. */
interface Watched {
  readonly query: ResolvedLiveQuery;
  /** Digest of the content last announced or read at subscribe time. */
  digest: string;
  refs: number;
  /** Who watches it (client identity → watches): its recomputation is the first one's work. */
  readonly owners: Map<string, number>;
  /** The arguments as validated on the first recomputation (they cannot change while watched). */
  args?: object;
}

const quiet = () => undefined;
/** The owner of watches opened by the server itself. */
const SERVER_OWNER = 'server';

/** Recomputations run as the server: the result is the same for every watcher, each reads it itself. */
const INTERNAL_CONTEXT: OperationContext = {
  client: { transport: 'internal' },
  signal: new AbortController().signal,
  log: { debug: quiet, info: quiet, warn: quiet, error: quiet },
  progress: quiet,
};

function digestOf(content: string): string {
  return createHash('sha256').update(content).digest('base64');
}

/**
 * Keeps the live queries sessions watch here and announces (`ResourceEvents.changed`) those whose
 * result changed after a command that writes what they read succeeded, on any instance. Changes are gathered for
 * `coalesceMs` and each affected query is recomputed once per burst, at most `recomputeBudget`
 * per round (the rest in the next round); a recomputed result equal to the last is not announced. Within a
 * round, `fairness.liveRecomputesPerTurn` queries are recomputed per turn of the event loop, round-robin over
 * the clients that watch them, so a client's thousands of watches queue behind one another, not ahead of
 * other clients' requests.
 */
@Injectable()
export class LiveQueryTracker implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('LiveQueries');
  private readonly watched = new Map<string, Watched>();
  private readonly byEntity = new Map<string, Set<Watched>>();
  private readonly dirty = new Set<Watched>();
  private timer?: NodeJS.Timeout;
  private flushing = false;
  private stop?: () => void;
  private readonly scheduler: FairWorkScheduler;

  constructor(
    private readonly registry: OperationRegistry,
    private readonly invoker: OperationInvoker,
    private readonly events: ResourceEvents,
    @Inject(DISPATCH_OPTIONS) private readonly options: ResolvedDispatchOptions,
  ) {
    const perTurn = options.fairness.liveRecomputesPerTurn;
    this.scheduler = new FairWorkScheduler({ tasksPerTurn: perTurn, maxRunningPerKey: perTurn });
  }

  onModuleInit(): void {
    this.stop = this.invoker.onInvoked((invocation) => this.onInvoked(invocation));
  }

  onApplicationShutdown(): void {
    this.stop?.();
    clearTimeout(this.timer);
  }

  /** Distinct live queries watched now. */
  get size(): number {
    return this.watched.size;
  }

  /** Whether `uri` is watched already (a new watcher of it costs no new query). */
  isWatched(uri: string): boolean {
    return this.watched.has(uri);
  }

  /**
   * Watches `query` from its current `content` for `owner` (the watcher's identity, see `workIdentityOf`);
   * returns the (idempotent) release.
   */
  watch(query: ResolvedLiveQuery, content: string, owner = SERVER_OWNER): () => void {
    let entry = this.watched.get(query.uri);
    if (!entry) {
      entry = { query, digest: digestOf(content), refs: 0, owners: new Map() };
      this.watched.set(query.uri, entry);
      for (const entity of query.reads) this.index(entity).add(entry);
    }
    entry.refs += 1;
    entry.owners.set(owner, (entry.owners.get(owner) ?? 0) + 1);
    const watched = entry;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      watched.refs -= 1;
      const left = (watched.owners.get(owner) ?? 1) - 1;
      if (left === 0) watched.owners.delete(owner);
      else watched.owners.set(owner, left);
      if (watched.refs === 0) this.forget(watched);
    };
  }

  private index(entity: string): Set<Watched> {
    let set = this.byEntity.get(entity);
    if (!set) {
      set = new Set();
      this.byEntity.set(entity, set);
    }
    return set;
  }

  private forget(entry: Watched): void {
    this.watched.delete(entry.query.uri);
    this.dirty.delete(entry);
    for (const entity of entry.query.reads) {
      const set = this.byEntity.get(entity);
      set?.delete(entry);
      if (set?.size === 0) this.byEntity.delete(entity);
    }
  }

  private onInvoked({ kind, outcome, name }: OperationInvocation): void {
    if (kind !== 'command' || outcome !== 'ok' || this.watched.size === 0) return;
    this.written(this.registry.get(name)?.writes);
  }

  /**
   * Entities a command that succeeded wrote, here or on another instance (`EntityWritesRelay`): the
   * queries watched here that read them are recomputed. `undefined`: a command that does not say what
   * it writes may have written anything.
   */
  written(writes: readonly string[] | undefined): void {
    if (this.watched.size === 0) return;
    const affected = writes
      ? writes.flatMap((entity) => [...(this.byEntity.get(entity) ?? [])])
      : this.watched.values();
    for (const entry of affected) this.dirty.add(entry);
    if (this.dirty.size > 0) this.schedule();
  }

  /** The first change of a burst waits `coalesceMs`; a round cut short by the budget goes on after one event-loop turn. */
  private schedule(next = false): void {
    if (this.timer || this.flushing) return;
    this.timer = setTimeout(() => void this.flush(), next ? 0 : this.options.live.coalesceMs);
    this.timer.unref();
  }

  private async flush(): Promise<void> {
    this.timer = undefined;
    this.flushing = true;
    try {
      const round: Watched[] = [];
      for (const entry of this.dirty) {
        if (round.length === this.options.live.recomputeBudget) break;
        round.push(entry);
      }
      for (const entry of round) this.dirty.delete(entry);
      await this.scheduler.runAll(round.map((entry) => ({ key: ownerOf(entry), task: () => this.refresh(entry) })));
    } finally {
      this.flushing = false;
      if (this.dirty.size > 0) this.schedule(true);
    }
  }

  /** Recomputes one watched query and announces it when its result changed. */
  private async refresh(entry: Watched): Promise<void> {
    if (this.watched.get(entry.query.uri) !== entry) return;
    const digest = digestOf(await this.recompute(entry));
    if (digest === entry.digest) return;
    entry.digest = digest;
    this.events.changed(entry.query.uri);
  }

  /** The query's content now; a failure is content too (watchers re-read and see the error). */
  private async recompute(entry: Watched): Promise<string> {
    const { query } = entry;
    const operation = this.registry.entryOf(query.name);
    if (!operation) return 'gone';
    try {
      entry.args ??= await operation.validator.validate(query.args);
      return liveContent(await operation.handler(entry.args, INTERNAL_CONTEXT));
    } catch (error) {
      this.logger.debug(`Recomputing ${query.uri} failed: ${(error as Error)?.message ?? error}`);
      return `error: ${(error as Error)?.message ?? String(error)}`;
    }
  }
}

/** Whose work a recomputation is: its first watcher's (any one watcher serves them all). */
function ownerOf(entry: Watched): string {
  for (const owner of entry.owners.keys()) return owner;
  return SERVER_OWNER;
}
