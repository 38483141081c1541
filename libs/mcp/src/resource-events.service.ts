import { Injectable, Logger } from '@nestjs/common';

/** Told the URI of every resource whose content changed. */
export type ResourceChangeListener = (uri: string) => void;

/** @internal Whether another instance watches `uri` (dispatch answers it on several instances). */
export type RemoteWatchCheck = (uri: string) => boolean;

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
  private watchesListeners: readonly (() => void)[] = [];
  private remote?: RemoteWatchCheck;

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
   * Whether some client is subscribed to `uri` now, on this instance or, with several instances on
   * Redis, on any other: each tells the others the URIs it watches, within milliseconds of a change,
   * and one that dies unannounced counts as watching until its lease runs out (about 30 s). Live-query
   * URIs (`myko://live/…`) answer for this instance, which recomputes its own. Synchronous: it reads
   * what this instance knows, never Redis. A plugin may skip the work of detecting changes to a
   * resource nobody watches (it should then assume the content changed when watching resumes).
   */
  isWatched(uri: string): boolean {
    return this.watchers.has(uri) || this.remote?.(uri) === true;
  }

  /** @internal Dispatch records a subscription; the returned function ends it (idempotent). */
  watch(uri: string): () => void {
    const count = this.watchers.get(uri) ?? 0;
    this.watchers.set(uri, count + 1);
    if (count === 0) this.watchesChanged();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.watchers.get(uri) ?? 1) - 1;
      if (left > 0) this.watchers.set(uri, left);
      else if (this.watchers.delete(uri)) this.watchesChanged();
    };
  }

  /** @internal The URIs some client of this instance watches now. */
  localWatches(): IterableIterator<string> {
    return this.watchers.keys();
  }

  /**
   * @internal Tells `listener` (synchronously, inside `watch` or its release) each time a URI starts or
   * stops being watched here; returns the function that removes it.
   */
  onWatchesChanged(listener: () => void): () => void {
    this.watchesListeners = [...this.watchesListeners, listener];
    return () => {
      this.watchesListeners = this.watchesListeners.filter((l) => l !== listener);
    };
  }

  /** @internal Makes `isWatched` also ask `check` (other instances); returns the function that unplugs it. */
  useRemoteWatches(check: RemoteWatchCheck): () => void {
    this.remote = check;
    return () => {
      if (this.remote === check) this.remote = undefined;
    };
  }

  private watchesChanged(): void {
    for (const listener of this.watchesListeners) {
      try {
        listener();
      } catch (error) {
        this.logger.error(`Watch listener failed: ${(error as Error)?.stack ?? error}`);
      }
    }
  }

  /** Adds a listener for every later change; returns the function that removes it. */
  onChanged(listener: ResourceChangeListener): () => void {
    this.listeners = [...this.listeners, listener];
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }
}
