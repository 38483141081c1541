/** Caps of a `ConnectionSlotsLimiter`; 0 switches a cap off. */
export interface ConnectionSlotsOptions {
  perAddress: number;
  total: number;
}

/** Which cap refused a slot. */
export type SlotRefusal = 'perAddress' | 'total';

/**
 * Slots of long-lived connections (WebSockets) per client address and in total. A slot is reserved
 * at the handshake, before the upgrade, and released once when the connection's socket closes.
 */
export class ConnectionSlotsLimiter {
  private readonly byAddress = new Map<string, number>();
  private total = 0;

  constructor(private readonly options: ConnectionSlotsOptions) {}

  /** The release function of a new slot, or which cap is full. */
  tryReserve(address: string): { release: () => void } | { refused: SlotRefusal } {
    const { perAddress, total } = this.options;
    const count = this.byAddress.get(address) ?? 0;
    if (perAddress > 0 && count >= perAddress) return { refused: 'perAddress' };
    if (total > 0 && this.total >= total) return { refused: 'total' };
    this.byAddress.set(address, count + 1);
    this.total += 1;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.release(address);
      },
    };
  }

  /** Open slots of one address, or of all with no argument. */
  count(address?: string): number {
    return address === undefined ? this.total : (this.byAddress.get(address) ?? 0);
  }

  private release(address: string): void {
    this.total -= 1;
    const count = (this.byAddress.get(address) ?? 1) - 1;
    if (count <= 0) this.byAddress.delete(address);
    else this.byAddress.set(address, count);
  }
}
