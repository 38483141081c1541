import { Injectable, Logger } from '@nestjs/common';

/** Told the URI of every resource whose content changed. */
export type ResourceChangeListener = (uri: string) => void;

/**
 * Where plugins announce that a resource's content changed, so that clients subscribed to it
 * (`resources/subscribe`) get `notifications/resources/updated`. Inject it and call `changed(uri)`
 * after the write that changed the data behind the resource.
 * @publicApi
 */
@Injectable()
export class ResourceEvents {
  private readonly logger = new Logger(ResourceEvents.name);
  private listeners: readonly ResourceChangeListener[] = [];
  private readonly watchers = new Map<string, number>();

  /** Announces that the content at `uri` changed. Listeners run synchronously; their failures are logged. */
  changed(uri: string): void {
    for (const listener of this.listeners) {
      try {
        listener(uri);
      } catch (error) {
        this.logger.error(`Resource change listener failed on ${uri}: ${(error as Error)?.stack ?? error}`);
      }
    }
  }

  /**
   * Whether some client is subscribed to `uri` now. A plugin may skip the work of detecting changes
   * to a resource nobody watches (it should then assume the content changed when watching resumes).
   */
  isWatched(uri: string): boolean {
    return this.watchers.has(uri);
  }

  /** @internal Dispatch records a subscription; the returned function ends it (idempotent). */
  watch(uri: string): () => void {
    this.watchers.set(uri, (this.watchers.get(uri) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const count = (this.watchers.get(uri) ?? 1) - 1;
      if (count > 0) this.watchers.set(uri, count);
      else this.watchers.delete(uri);
    };
  }

  /** Adds a listener for every later change; returns the function that removes it. */
  onChanged(listener: ResourceChangeListener): () => void {
    this.listeners = [...this.listeners, listener];
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }
}
