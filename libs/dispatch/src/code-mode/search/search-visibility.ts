import type { ClientFilters } from '@myko/filter';
import type { OperationDescriptor } from '@myko/registry';

const UNKNOWN = 0;
const SHOWN = 1;
const HIDDEN = 2;

/**
 * What one (immutable) `ClientFilters` lets through, per operation, computed on first need and
 * kept. Gateways reuse one filters object per distinct header set, so the globs of a client run
 * at most once per operation, not once per search.
 */
export class OperationVisibility {
  /** No visibility rule at all: every operation is shown, no glob runs. */
  readonly showsAll: boolean;
  private readonly state: Uint8Array;
  /** Visible operations in index order, per kind code (-1 = every kind). */
  private readonly lists = new Map<number, readonly number[]>();

  constructor(
    private readonly ops: readonly OperationDescriptor[],
    private readonly kinds: Uint8Array,
    private readonly filters: ClientFilters,
  ) {
    this.showsAll = filters.allowsAll;
    this.state = new Uint8Array(ops.length);
  }

  isVisible(op: number): boolean {
    if (this.showsAll) return true;
    const state = this.state[op];
    if (state !== UNKNOWN) return state === SHOWN;
    const shown = this.filters.isVisible(this.ops[op].name);
    this.state[op] = shown ? SHOWN : HIDDEN;
    return shown;
  }

  /** The visible operations of one kind (-1: of every kind), in index order. Frozen, cached. */
  list(kind: number): readonly number[] {
    let list = this.lists.get(kind);
    if (!list) {
      const visible: number[] = [];
      for (let op = 0; op < this.ops.length; op++) {
        if ((kind < 0 || this.kinds[op] === kind) && this.isVisible(op)) visible.push(op);
      }
      list = Object.freeze(visible);
      this.lists.set(kind, list);
    }
    return list;
  }
}

/** One `OperationVisibility` per filters object, dropped with it. */
export class VisibilityCache {
  private readonly entries = new WeakMap<ClientFilters, OperationVisibility>();

  constructor(
    private readonly ops: readonly OperationDescriptor[],
    private readonly kinds: Uint8Array,
  ) {}

  of(filters: ClientFilters): OperationVisibility {
    let visibility = this.entries.get(filters);
    if (!visibility) {
      visibility = new OperationVisibility(this.ops, this.kinds, filters);
      this.entries.set(filters, visibility);
    }
    return visibility;
  }
}
