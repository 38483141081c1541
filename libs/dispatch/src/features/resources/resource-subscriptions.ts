import { ResourceEvents } from '@myko/mcp';
import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { SessionRelay } from '../../protocol/cluster/session.relay';
import { SessionStore } from '../../protocol/session/session.store';

/**
 * Turns `ResourceEvents.changed(uri)` into `notifications/resources/updated` for every session
 * subscribed to that URI here, on the session's channel (it is unrelated to any request), which may
 * be held by another instance. A session without an open channel misses the notification.
 */
@Injectable()
export class ResourceSubscriptions implements OnModuleInit, OnApplicationShutdown {
  private stop?: () => void;

  constructor(
    private readonly events: ResourceEvents,
    private readonly sessions: SessionStore,
    private readonly relay: SessionRelay,
  ) {}

  onModuleInit(): void {
    this.stop = this.events.onChanged((uri) => this.notify(uri));
  }

  onApplicationShutdown(): void {
    this.stop?.();
  }

  private notify(uri: string): void {
    for (const sessionId of this.sessions.subscribersOf(uri)) {
      this.relay.sendToSession(sessionId, {
        jsonrpc: '2.0',
        method: 'notifications/resources/updated',
        params: { uri },
      });
    }
  }
}
