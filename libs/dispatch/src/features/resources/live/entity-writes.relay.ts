import { type OperationInvocation, OperationInvoker, OperationRegistry } from '@myko/registry';
import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { ClusterChannel } from '../../../protocol/cluster/cluster.channel';
import { CLUSTER_KIND } from '../../../protocol/cluster/cluster-message';
import { LiveQueryTracker } from './live-query.tracker';

/**
 * Live queries across instances: the entities written by the commands that succeed here are
 * announced to every other instance, which recomputes the queries it watches that read them (with
 * its own per-burst coalescing and budget). The commands of one event-loop turn are announced in one
 * message: the union of their entities, or "anything" (null) when one of them did not declare its writes.
 */
@Injectable()
export class EntityWritesRelay implements OnModuleInit, OnApplicationShutdown {
  private readonly pending = new Set<string>();
  private anything = false;
  private flush?: NodeJS.Immediate;
  private stop?: () => void;

  constructor(
    private readonly invoker: OperationInvoker,
    private readonly registry: OperationRegistry,
    private readonly tracker: LiveQueryTracker,
    private readonly cluster: ClusterChannel,
  ) {}

  onModuleInit(): void {
    if (!this.cluster.enabled) return;
    this.stop = this.invoker.onInvoked((invocation) => this.onInvoked(invocation));
    this.cluster.on(CLUSTER_KIND.entitiesWritten, ([entities]) => {
      if (entities === null) this.tracker.written(undefined);
      else if (Array.isArray(entities)) this.tracker.written(entities.filter((e) => typeof e === 'string'));
    });
  }

  onApplicationShutdown(): void {
    this.stop?.();
    if (this.flush) clearImmediate(this.flush);
    this.send();
  }

  private onInvoked({ kind, outcome, name }: OperationInvocation): void {
    if (kind !== 'command' || outcome !== 'ok') return;
    const writes = this.registry.get(name)?.writes;
    if (writes) for (const entity of writes) this.pending.add(entity);
    else this.anything = true;
    this.flush ??= setImmediate(() => this.send());
  }

  private send(): void {
    this.flush = undefined;
    if (!this.anything && this.pending.size === 0) return;
    this.cluster.broadcast(CLUSTER_KIND.entitiesWritten, this.anything ? null : [...this.pending]);
    this.pending.clear();
    this.anything = false;
  }
}
