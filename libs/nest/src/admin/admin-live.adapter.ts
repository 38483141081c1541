import type { AdminLive, LiveCooldownView, LivePrincipal, LiveView } from '@myko/admin';
import type { AbuseParty, ExecuteActivity, LiveCooldown, LiveRun } from '@myko/dispatch';
import type { McpGateway, McpSessionRegistry } from '@myko/gateways';
import type { MessageBus } from '@myko/state';
import { Logger } from '@nestjs/common';

/** Conversations whose cooldown one live view asks about, at most (on Redis each is a round trip). */
const MAX_COOLDOWN_CHECKS = 500;

/** Where the live view reads this instance's state. */
export interface LiveSources {
  readonly activity: ExecuteActivity;
  readonly sessions?: McpSessionRegistry;
  readonly connections?: McpGateway;
  readonly bus?: MessageBus;
}

interface Tally {
  profile?: string;
  sessions: number;
  connections: number;
  runs: LiveRun[];
  /** Conversations to ask the abuse guard about (its sessions' and runs'). */
  parties: Map<string, AbuseParty>;
}

/**
 * The admin API's live view bound to this instance: its HTTP sessions and WebSocket connections per principal
 * (the gateways), its `execute` runs in flight, lanes and quotas (dispatch, the sandbox), and the cooldowns in
 * effect (the abuse guard: shared by every instance when the state is in Redis).
 */
export class AdminLiveAdapter implements AdminLive {
  private readonly logger = new Logger('AdminLive');

  constructor(private readonly sources: LiveSources) {}

  async live(): Promise<LiveView> {
    const now = Date.now();
    const tallies = this.tally();
    const principals: LivePrincipal[] = [];
    let checks = 0;
    for (const [principal, tally] of tallies) {
      const cooldowns: LiveCooldownView[] = [];
      for (const party of tally.parties.values()) {
        if (checks++ >= MAX_COOLDOWN_CHECKS) break;
        const cooldown = await this.cooldownOf(party, now);
        if (cooldown && !cooldowns.some((known) => sameCooldown(known, cooldown))) cooldowns.push(viewOf(cooldown));
      }
      principals.push(this.principalView(principal, tally, cooldowns, now));
    }
    return { instance: this.sources.bus?.instanceId ?? 'local', at: new Date(now).toISOString(), principals };
  }

  private tally(): Map<string, Tally> {
    const tallies = new Map<string, Tally>();
    const of = (principal: string, profile?: string): Tally => {
      let tally = tallies.get(principal);
      if (!tally) {
        tally = { sessions: 0, connections: 0, runs: [], parties: new Map() };
        tallies.set(principal, tally);
      }
      if (profile !== undefined) tally.profile ??= profile;
      return tally;
    };
    for (const owner of this.sources.sessions?.owners() ?? []) {
      const tally = of(owner.principal, owner.profile);
      tally.sessions++;
      addParty(tally, owner.principal, `${owner.principal}/${owner.session}`);
    }
    for (const owner of this.sources.connections?.owners() ?? []) {
      const tally = of(owner.principal, owner.profile);
      tally.connections++;
      addParty(tally, owner.principal, `${owner.principal}/${owner.session}`);
    }
    for (const run of this.sources.activity.inFlight()) {
      const tally = of(run.principal, run.profile);
      tally.runs.push(run);
      addParty(tally, run.principal, run.conversation);
    }
    for (const party of this.sources.activity.recentCooldownParties()) {
      addParty(of(party.principal), party.principal, party.conversation);
    }
    // A principal with sessions but no run: its principal-level pause is asked about once, through any conversation.
    for (const [principal, tally] of tallies) {
      if (tally.parties.size === 0) tally.parties.set(`${principal}/`, { principal, conversation: `${principal}/` });
    }
    return tallies;
  }

  private principalView(principal: string, tally: Tally, cooldowns: LiveCooldownView[], now: number): LivePrincipal {
    const { activity } = this.sources;
    const { lane, cpuMs } = activity.laneOf(principal);
    const quotas = activity.quotasOf(tally.profile);
    const ordered = [...cooldowns].sort((a, b) => rank(b) - rank(a) || b.until.localeCompare(a.until));
    return {
      principal,
      ...(tally.profile === undefined ? {} : { profile: tally.profile }),
      sessions: tally.sessions,
      connections: tally.connections,
      runs: tally.runs.map((run) => ({
        conversation: run.conversation,
        ...(run.executionId === undefined ? {} : { executionId: run.executionId }),
        startedAt: new Date(run.startedAt).toISOString(),
        ms: now - run.startedAt,
      })),
      lane,
      cpuMs,
      ...(ordered.length === 0 ? {} : { cooldown: ordered[0], cooldowns: ordered }),
      ...(quotas && Object.keys(quotas).length > 0 ? { quotas } : {}),
    };
  }

  /** A party's cooldown; while Redis is unreachable the view is served without it (and says so in the log). */
  private async cooldownOf(party: AbuseParty, now: number): Promise<LiveCooldown | undefined> {
    try {
      return await this.sources.activity.cooldownOf(party, now);
    } catch (error) {
      this.logger.warn(`cooldown of ${party.conversation} not read: ${(error as Error).message}`);
      return undefined;
    }
  }
}

function addParty(tally: Tally, principal: string, conversation: string): void {
  tally.parties.set(conversation, { principal, conversation });
}

function viewOf(cooldown: LiveCooldown): LiveCooldownView {
  return {
    level: cooldown.level,
    ...(cooldown.conversation === undefined ? {} : { conversation: cooldown.conversation }),
    reason: cooldown.reason,
    until: new Date(cooldown.until).toISOString(),
  };
}

/** A principal's pause is one, whichever conversation it was read through. */
function sameCooldown(known: LiveCooldownView, found: LiveCooldown): boolean {
  return known.level === found.level && known.conversation === found.conversation;
}

function rank(cooldown: LiveCooldownView): number {
  return cooldown.level === 'principal' ? 1 : 0;
}
