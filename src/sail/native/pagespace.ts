/**
 * Which pages of pages.db are free, and when a released page may be reused
 * (the NativeStore's answer to "copy-on-write leaves old pages behind").
 *
 * A page stops being referenced in two ways:
 * - a transaction allocated it and then copied or emptied it, or rolled back:
 *   no commit record ever named it, so it is free at once;
 * - a commit replaced a committed page: older snapshots and the last
 *   checkpoint (`meta.ts`) may still read it. It becomes free only when no open
 *   snapshot predates that commit AND a checkpoint at or after that commit is
 *   durable, so a checkpoint's trees are never overwritten.
 * At open, the free pages are found by walking every tree of the chosen record
 * (`reachable`): no free list is stored, so none can be torn.
 */
import type { PageAllocator } from './btree.ts';
import { FIRST_TREE_PAGE } from './pagefile.ts';

export class PageSpace {
  private free: number[] = [];
  /** Pages released by commit `txn`, waiting until no snapshot or checkpoint can need them. */
  private retired: { txn: number; pages: number[] }[] = [];

  constructor(public nextPage: number) {}

  /** Marks every page below `nextPage` that no tree references as free (open time). */
  static fromReachable(nextPage: number, reachable: Iterable<number>): PageSpace {
    const space = new PageSpace(Math.max(nextPage, FIRST_TREE_PAGE));
    const used = new Uint8Array(space.nextPage);
    for (const id of reachable) used[id] = 1;
    for (let id = space.nextPage - 1; id >= FIRST_TREE_PAGE; id--) if (!used[id]) space.free.push(id);
    return space;
  }

  /** A new set of pages owned by one writer (a transaction, or the value dictionary between commits). */
  session(): PageSession {
    return new PageSession(this);
  }

  allocate(): number {
    return this.free.pop() ?? this.nextPage++;
  }

  release(ids: Iterable<number>): void {
    for (const id of ids) this.free.push(id);
  }

  /** Pages that commit `txn` stopped referencing. */
  retire(txn: number, pages: number[]): void {
    if (pages.length > 0) this.retired.push({ txn, pages });
  }

  /** Frees retired pages whose commit is ≤ both the oldest open snapshot and the last durable checkpoint. */
  reclaim(oldestSnapshot: number, checkpoint: number): void {
    const limit = Math.min(oldestSnapshot, checkpoint);
    const keep: typeof this.retired = [];
    for (const batch of this.retired) {
      if (batch.txn <= limit) this.release(batch.pages);
      else keep.push(batch);
    }
    this.retired = keep;
  }
}

/** One writer's pages: the ones it allocated it may change in place; the committed ones it copies. */
export class PageSession implements PageAllocator {
  private readonly owned = new Set<number>();
  /** Committed pages this writer copied or emptied: retired when its changes commit. */
  readonly replaced: number[] = [];

  constructor(private readonly space: PageSpace) {}

  allocate(): number {
    const id = this.space.allocate();
    this.owned.add(id);
    return id;
  }

  release(id: number): void {
    if (this.owned.delete(id)) this.space.release([id]);
    else this.replaced.push(id);
  }

  owns(id: number): boolean {
    return this.owned.has(id);
  }

  /** The writer rolled back: everything it allocated is unreachable. */
  abandon(): readonly number[] {
    const pages = [...this.owned];
    this.space.release(pages);
    this.owned.clear();
    return pages;
  }
}
