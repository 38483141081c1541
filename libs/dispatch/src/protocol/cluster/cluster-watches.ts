import { ResourceEvents } from '@myko/mcp';
import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleInit,
} from '@nestjs/common';
import { DISPATCH_OPTIONS, LIVE_URI_PREFIX } from '../../dispatch.constants';
import type { ResolvedDispatchOptions } from '../../interfaces/dispatch-options.interface';
import { ClusterChannel } from './cluster.channel';
import { CLUSTER_KIND } from './cluster-message';

/** URIs one message names at most; past it (or past the characters below) it says "everything". */
export const WATCHING_MAX_URIS = 1_000;
/** Characters of URIs one message carries at most (the sum of their lengths): a message stays under ~70 KB. */
export const WATCHING_MAX_CHARS = 64 * 1024;
/** The longest lease granted whatever the sender asks, so that no message pins a set for long. */
const WATCHING_MAX_LEASE_MS = 10 * 60_000;
/** How long changes of this instance's set gather before the others are told (one message per burst). */
const WATCHING_COALESCE_MS = 50;

/** What one other instance said it watches, and until when that holds. */
interface HeardWatches {
  uris: ReadonlySet<string> | 'everything';
  expiresAt: number;
}

/**
 * `ResourceEvents.isWatched(uri)` for the whole cluster, still synchronous: each instance tells the
 * others its whole set of watched URIs (`[v, uris, leaseMs]`) at once when it changes (coalesced),
 * again every period while it is not empty, and an empty set once when it empties and at shutdown.
 * The others keep each instance's last set until its lease ends, so the URIs of an instance killed
 * without a word drop out by themselves; meanwhile they count as watched (the safe side: a plugin
 * does work nobody needs, never skips work someone waits for). A newcomer says hello (its set,
 * usually empty) and everyone who watches something answers at once; an instance whose bus is back
 * after losing Redis tells its set again at once, as a hello. Live-query URIs are not told:
 * each instance recomputes the live queries it watches itself. Single instance: nothing runs.
 */
@Injectable()
export class ClusterWatches implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Cluster');
  private readonly heard = new Map<string, HeardWatches>();
  private readonly periodMs: number;
  private readonly leaseMs: number;
  private stops: Array<() => void> = [];
  private periodic?: NodeJS.Timeout;
  private coalescing?: NodeJS.Timeout;
  /** The set as last told (joined), '' when the others last heard an empty one. */
  private lastTold = '';
  /** Whether the pending telling must go out even if the set did not change (someone new listens). */
  private forced = false;
  private warnedEverything = false;

  constructor(
    private readonly events: ResourceEvents,
    private readonly cluster: ClusterChannel,
    @Inject(DISPATCH_OPTIONS) options: Pick<ResolvedDispatchOptions, 'cluster'>,
  ) {
    this.periodMs = options.cluster.watchPeriodMs;
    this.leaseMs = options.cluster.watchLeaseMs;
  }

  onModuleInit(): void {
    if (!this.cluster.enabled) return;
    this.cluster.on(CLUSTER_KIND.watching, (fields, origin) => this.hear(fields, origin));
    this.stops = [
      this.events.useRemoteWatches((uri) => this.watchedElsewhere(uri)),
      this.events.onWatchesChanged(() => this.soon()),
      // Redis was lost: changes told meanwhile are gone, and the others' leases of our set may have run out.
      this.cluster.onReconnected(() => this.soon(true)),
    ];
  }

  /** After every module subscribed its topics: the hello that makes the others tell their sets now. */
  onApplicationBootstrap(): void {
    if (this.cluster.enabled) this.tell(true);
  }

  beforeApplicationShutdown(): void {
    for (const stop of this.stops.splice(0)) stop();
    clearTimeout(this.coalescing);
    clearInterval(this.periodic);
    this.coalescing = this.periodic = undefined;
    this.heard.clear();
    // Sent before the connection closes (it is queued on it now): the others forget us at once.
    if (this.lastTold !== '') this.cluster.broadcast(CLUSTER_KIND.watching, [], this.leaseMs);
    this.lastTold = '';
  }

  private watchedElsewhere(uri: string): boolean {
    if (this.heard.size === 0) return false;
    const now = Date.now();
    for (const [origin, watches] of this.heard) {
      if (watches.expiresAt <= now) this.heard.delete(origin);
      else if (watches.uris === 'everything' || watches.uris.has(uri)) return true;
    }
    return false;
  }

  private hear([uris, leaseMs]: readonly unknown[], origin: string): void {
    if (typeof leaseMs !== 'number' || !(leaseMs > 0)) return;
    if (uris !== null && !Array.isArray(uris)) return;
    const listed = uris?.filter((uri): uri is string => typeof uri === 'string');
    const now = Date.now();
    const known = (this.heard.get(origin)?.expiresAt ?? 0) > now;
    // Swept here too, so that instances come and gone do not pile up when nobody asks.
    for (const [id, watches] of this.heard) if (watches.expiresAt <= now) this.heard.delete(id);
    this.heard.set(origin, {
      uris: !listed || listed.length > WATCHING_MAX_URIS ? 'everything' : new Set(listed),
      expiresAt: now + Math.min(leaseMs, WATCHING_MAX_LEASE_MS),
    });
    // A newcomer (or one whose lease ran out) may not know our set yet.
    if (!known && this.lastTold !== '') this.soon(true);
  }

  private soon(force = false): void {
    this.forced ||= force;
    if (this.coalescing) return;
    this.coalescing = setTimeout(() => {
      this.coalescing = undefined;
      const forced = this.forced;
      this.forced = false;
      this.tell(forced);
    }, WATCHING_COALESCE_MS).unref();
  }

  /** Tells the others the set now; on a change only (`force` false), not when they know it already. */
  private tell(force: boolean): void {
    const uris = [...this.events.localWatches()].filter((uri) => !uri.startsWith(LIVE_URI_PREFIX));
    const joined = uris.join('\n');
    if (!force && joined === this.lastTold) return;
    this.lastTold = joined;
    this.cluster.broadcast(CLUSTER_KIND.watching, this.bounded(uris), this.leaseMs);
    if (uris.length === 0) {
      clearInterval(this.periodic);
      this.periodic = undefined;
    } else {
      this.periodic ??= setInterval(() => this.tell(true), this.periodMs).unref();
    }
  }

  /** The URIs, or null ("everything", the safe side) when they would make too big a message. */
  private bounded(uris: string[]): string[] | null {
    let chars = 0;
    for (const uri of uris) chars += uri.length;
    if (uris.length <= WATCHING_MAX_URIS && chars <= WATCHING_MAX_CHARS) return uris;
    if (!this.warnedEverything) {
      this.warnedEverything = true;
      this.logger.warn(
        `${uris.length} watched resources (${chars} characters) are too many to tell the other instances: ` +
          'they take this one as watching everything (ResourceEvents.isWatched is true there)',
      );
    }
    return null;
  }
}
