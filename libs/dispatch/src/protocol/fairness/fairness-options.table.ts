import { type OptionTable, optionDefaults } from '@myko/options';
import type { FairnessOptions } from '../../interfaces/fairness-options.interface';

/**
 * The fairness budgets (`DispatchModule.forRoot({ fairness })`): default, minimum, doc.
 * @publicApi
 */
export const FAIRNESS_OPTION_TABLE: OptionTable<keyof FairnessOptions> = {
  liveRecomputesPerTurn: {
    // Measured (bench floods.watches, a page of 73–200 orders each): 16 a turn held the loop ~12 ms and an
    // honest search's p99 went 4×; 4 a turn kept it at 1–2× with the same recomputations done.
    default: 4,
    minimum: 1,
    inConfigFile: true,
    doc: 'Live queries recomputed per turn of the event loop after a write, taken round-robin over the clients that watch them; the rest wait for the next turn, after other clients have been served. Their time is not measured (a query may await before it computes), so this count is the budget: keep it at a few ms of the heaviest watched query.',
  },
  bridgeCallsPerTurn: {
    default: 16,
    minimum: 1,
    inConfigFile: true,
    doc: 'myko.* calls from sandboxes started per turn of the event loop over all clients, taken round-robin by client (API key, else address); a flood of calls waits behind its own client.',
  },
  bridgeTurnMs: {
    default: 2,
    minimum: 0,
    inConfigFile: true,
    doc: 'Synchronous time, in ms, the myko.* calls of one turn may take before the rest wait for the next turn. 0: count only.',
  },
  bridgeCallsPerClient: {
    default: 0,
    minimum: 0,
    inConfigFile: true,
    doc: 'myko.* calls of one client in flight at once over all its runs; the rest queue. 0: no cap (a call waiting on I/O costs the main thread nothing, and each run is capped at 32 by the sandbox).',
  },
  bridgeCallsPerClientPerSecond: {
    // No fixed rate by default: alone, one client gets the whole service (work-conserving). The round-robin
    // turns above already make a flood wait behind its own client while others have calls waiting; an operator
    // who wants a ceiling sets a per-profile quota (`quotas.callsPerSecond`).
    default: 0,
    minimum: 0,
    inConfigFile: true,
    doc: "myko.* calls one client (API key, token identity, else address) may start per second over all its runs, sustained; past it its calls wait for its own budget, not anyone else's. 0 (the default): no rate; the per-turn round-robin shares the main thread only while others wait.",
  },
  bridgeCallBurstPerClient: {
    default: 400,
    minimum: 1,
    inConfigFile: true,
    doc: 'myko.* calls one client may start at once after being idle, on top of the sustained rate: two scripts at the 200-call limit run unslowed.',
  },
};

export const DEFAULT_FAIRNESS_OPTIONS: Readonly<FairnessOptions> = Object.freeze(optionDefaults(FAIRNESS_OPTION_TABLE));

/** Applies the defaults; an explicit `undefined` keeps the default. */
export function resolveFairnessOptions(options: Partial<FairnessOptions> = {}): FairnessOptions {
  const resolved = { ...DEFAULT_FAIRNESS_OPTIONS };
  for (const key of Object.keys(FAIRNESS_OPTION_TABLE) as Array<keyof FairnessOptions>) {
    resolved[key] = options[key] ?? resolved[key];
  }
  return resolved;
}
