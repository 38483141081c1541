/**
 * Budgets of main-thread work per turn of the event loop, shared fairly (round-robin) between the
 * clients that cause it: live recomputation and `myko.*` calls from sandboxes (also per client per second).
 */
export interface FairnessOptions {
  /** Live queries recomputed per turn of the event loop; the rest after a yield. */
  liveRecomputesPerTurn: number;
  /** `myko.*` calls started per turn of the event loop, over all clients. */
  bridgeCallsPerTurn: number;
  /** Synchronous time, in ms, `myko.*` calls may take per turn before the rest wait. */
  bridgeTurnMs: number;
  /** `myko.*` calls of one client in flight at once, over all its runs (0: no cap). */
  bridgeCallsPerClient: number;
  /** `myko.*` calls one client may start per second, sustained, over all its runs (0: no rate). */
  bridgeCallsPerClientPerSecond: number;
  /** `myko.*` calls one client may start at once after being idle, on top of the rate. */
  bridgeCallBurstPerClient: number;
}
