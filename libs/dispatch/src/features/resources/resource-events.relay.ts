import { ResourceEvents } from '@myko/mcp';
import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { ClusterChannel } from '../../protocol/cluster/cluster.channel';
import { CLUSTER_KIND } from '../../protocol/cluster/cluster-message';
import { LiveQueryCatalog } from './live/live-query.catalog';

/**
 * A plugin's `ResourceEvents.changed(uri)` on one instance is announced on every other, whose
 * subscribers (2025 sessions, `subscriptions/listen` streams) hear it as if it happened there. Live
 * queries are not relayed: each instance recomputes those it watches (`EntityWritesRelay`).
 */
@Injectable()
export class ResourceEventsRelay implements OnModuleInit, OnApplicationShutdown {
  /** Set while a relayed change is announced here, so that it is not relayed back. */
  private relaying = false;
  private stop?: () => void;

  constructor(
    private readonly events: ResourceEvents,
    private readonly cluster: ClusterChannel,
    private readonly live: LiveQueryCatalog,
  ) {}

  onModuleInit(): void {
    if (!this.cluster.enabled) return;
    this.stop = this.events.onChanged((uri) => {
      if (!this.relaying && !this.live.handles(uri)) this.cluster.broadcast(CLUSTER_KIND.resourceChanged, uri);
    });
    this.cluster.on(CLUSTER_KIND.resourceChanged, ([uri]) => {
      if (typeof uri !== 'string') return;
      this.relaying = true;
      try {
        this.events.changed(uri);
      } finally {
        this.relaying = false;
      }
    });
  }

  onApplicationShutdown(): void {
    this.stop?.();
  }
}
