/**
 * A copy-on-write B+tree of fixed-size records over the page file (spec §2.3
 * NativeStore, index rules 1 and 4: four-field keys, prefix range scans).
 *
 * Copy-on-write is the whole crash-safety and isolation story: a committed
 * page is never modified. A writer copies each page it changes (once per
 * transaction: pages it allocated itself it may change in place), so a commit
 * produces new roots while every older root still describes its own consistent
 * tree. Readers hold a root and see a snapshot; a crash before the commit
 * record (`meta.ts`) is written leaves the old roots intact.
 *
 * Records are `recordSize` bytes; the first `keySize` bytes are the key,
 * compared as unsigned bytes (integers are stored big-endian so byte order is
 * numeric order); the rest is a value. Keys are unique.
 *
 * Page layout (PAGE_SIZE bytes):
 *   byte 0      page type: 1 = leaf, 2 = internal
 *   bytes 1–2   count (uint16 BE): records in a leaf, keys in an internal page
 *   bytes 3–7   reserved (zero)
 *   leaf        count × record, sorted, from byte 8
 *   internal    child₀ (uint32 BE) at byte 8, then count × (keyᵢ, childᵢ):
 *               childᵢ holds the keys ≥ keyᵢ and < keyᵢ₊₁.
 * Page id 0 is never a tree page, so root 0 means "empty tree".
 */
import { PAGE_BUFFER_SIZE, PAGE_SIZE, type PageFile } from './pagefile.ts';

const LEAF = 1;
const INTERNAL = 2;
const HEADER = 8;

/** How a transaction hands out and takes back pages. */
export interface PageAllocator {
  /** A page id the running transaction may fill. */
  allocate(): number;
  /** The page is no longer referenced by the tree being built (it was copied or emptied). */
  release(id: number): void;
  /** True for pages allocated by the running transaction: they may be changed in place. */
  owns(id: number): boolean;
}

/** Decodes the record at `offset` of `page`; called during scans instead of allocating a slice per record. */
export type RecordReader<T> = (page: Buffer, offset: number) => T;

interface Split {
  readonly key: Buffer;
  readonly right: number;
}
interface InsertResult {
  readonly id: number;
  readonly split?: Split;
}
interface DeleteResult {
  readonly id: number;
  readonly count: number;
}

export class BTree {
  readonly leafCapacity: number;
  readonly internalCapacity: number;
  private readonly entrySize: number;

  constructor(
    private readonly file: PageFile,
    readonly recordSize: number,
    readonly keySize: number = recordSize,
  ) {
    if (keySize % 4 !== 0) throw new RangeError('B-tree keys are whole uint32 words');
    this.leafCapacity = Math.floor((PAGE_SIZE - HEADER) / recordSize);
    this.entrySize = keySize + 4;
    this.internalCapacity = Math.floor((PAGE_SIZE - HEADER - 4) / this.entrySize);
  }

  // ---- reading --------------------------------------------------------------

  /** The record with this key, decoded, or undefined. */
  get<T>(root: number, key: Buffer, read: RecordReader<T>): T | undefined {
    for (const found of this.range(root, key, key, read)) return found;
    return undefined;
  }

  /** Records with low ≤ key ≤ high (both full-length keys), in key order. */
  *range<T>(root: number, low: Buffer, high: Buffer, read: RecordReader<T>): Generator<T> {
    if (root === 0) return;
    // The path from the root: page ids and the child index taken at each level.
    const pages: number[] = [];
    const slots: number[] = [];
    let id = root;
    let page = this.file.read(id);
    while (page[0] === INTERNAL) {
      const slot = this.childSlot(page, low, 0);
      pages.push(id);
      slots.push(slot);
      id = this.child(page, slot);
      page = this.file.read(id);
    }
    let index = this.lowerBound(page, low, 0);
    for (;;) {
      const count = page.readUInt16BE(1);
      for (; index < count; index++) {
        const offset = HEADER + index * this.recordSize;
        if (this.compareKey(page, offset, high) > 0) return;
        yield read(page, offset);
      }
      // Climb to the first ancestor with a next child, then descend to its leftmost leaf.
      let level = pages.length - 1;
      while (level >= 0 && slots[level]! >= this.file.read(pages[level]!).readUInt16BE(1)) level--;
      if (level < 0) return;
      slots[level]!++;
      id = this.child(this.file.read(pages[level]!), slots[level]!);
      page = this.file.read(id);
      pages.length = level + 1;
      slots.length = level + 1;
      while (page[0] === INTERNAL) {
        pages.push(id);
        slots.push(0);
        id = this.child(page, 0);
        page = this.file.read(id);
      }
      index = 0;
    }
  }

  /**
   * How many records lie in [low, high]: exact within one leaf or a few, else
   * extrapolated from the number of subtrees the range spans at the level
   * where its two ends part, times the size of a full subtree (cheap: one or
   * two root-to-leaf descents, no scan).
   */
  estimate(root: number, low: Buffer, high: Buffer): number {
    if (root === 0) return 0;
    let page = this.file.read(root);
    let height = this.heightBelow(page);
    while (page[0] === INTERNAL) {
      const from = this.childSlot(page, low, 0);
      const to = this.childSlot(page, high, from);
      if (from !== to) {
        if (height === 1 && to - from <= 4) return this.countLeaves(page, from, to, low, high);
        return Math.max(1, (to - from) * this.averageSubtree(height - 1));
      }
      page = this.file.read(this.child(page, from));
      height--;
    }
    return this.upperBound(page, high) - this.lowerBound(page, low, 0);
  }

  /**
   * Every page id of the tree, reading only internal pages (leaf ids come from
   * their parents): for integrity checks and for finding free pages at open.
   */
  *pages(root: number): Generator<number> {
    if (root === 0) return;
    const height = this.heightBelow(this.file.read(root));
    const stack: [id: number, height: number][] = [[root, height]];
    while (stack.length > 0) {
      const [id, level] = stack.pop()!;
      yield id;
      if (level === 0) continue;
      const page = this.file.read(id);
      for (let slot = page.readUInt16BE(1); slot >= 0; slot--) stack.push([this.child(page, slot), level - 1]);
    }
  }

  // ---- writing ----------------------------------------------------------------

  /** Inserts or overwrites the record; returns the new root (the same root when nothing changed). */
  insert(root: number, record: Buffer, pages: PageAllocator): number {
    if (root === 0) {
      const id = pages.allocate();
      const page = this.newPage(LEAF);
      record.copy(page, HEADER, 0, this.recordSize);
      page.writeUInt16BE(1, 1);
      this.file.put(id, page);
      return id;
    }
    const result = this.insertInto(root, record, pages);
    if (!result) return root;
    if (!result.split) return result.id;
    const id = pages.allocate();
    const page = this.newPage(INTERNAL);
    page.writeUInt32BE(result.id, HEADER);
    this.setEntry(page, 1, result.split.key, result.split.right);
    page.writeUInt16BE(1, 1);
    this.file.put(id, page);
    return id;
  }

  /** Deletes the record with this key; returns the new root (the same root when the key was absent). */
  delete(root: number, key: Buffer, pages: PageAllocator): number {
    const result = root === 0 ? undefined : this.deleteFrom(root, key, pages);
    if (!result) return root;
    let id = result.id;
    let count = result.count;
    // An internal root with a single child gives way to that child; an empty leaf root to the empty tree.
    for (;;) {
      const page = this.file.read(id);
      if (count > 0) return id;
      pages.release(id);
      if (page[0] === LEAF) return 0;
      id = this.child(page, 0);
      count = this.file.read(id).readUInt16BE(1);
    }
  }

  /**
   * Builds a new tree from records in strictly increasing key order, leaves
   * filled to `fill`: the bulk path for a first load and for index rebuilds.
   * Each record is copied as it arrives, so the producer may reuse one buffer.
   */
  build(records: Iterable<Buffer>, pages: PageAllocator, fill = 0.9): number {
    const perLeaf = Math.max(1, Math.floor(this.leafCapacity * fill));
    let level: { id: number; first: Buffer }[] = [];
    let page: Buffer | undefined;
    let count = 0;
    let started = false;
    const last = Buffer.alloc(this.keySize);
    const closeLeaf = (): void => {
      if (!page) return;
      page.writeUInt16BE(count, 1);
      const id = pages.allocate();
      this.file.put(id, page);
      level.push({ id, first: Buffer.from(page.subarray(HEADER, HEADER + this.keySize)) });
      page = undefined;
    };
    for (const record of records) {
      if (started && this.compareKey(last, 0, record) >= 0) {
        throw new Error('BTree.build: records must be sorted by key and unique');
      }
      record.copy(last, 0, 0, this.keySize);
      started = true;
      if (!page) {
        page = this.newPage(LEAF);
        count = 0;
      }
      record.copy(page, HEADER + count * this.recordSize, 0, this.recordSize);
      if (++count === perLeaf) closeLeaf();
    }
    closeLeaf();
    const perInternal = Math.max(2, Math.floor(this.internalCapacity * fill));
    while (level.length > 1) {
      const parents: { id: number; first: Buffer }[] = [];
      for (let start = 0; start < level.length; start += perInternal + 1) {
        const group = level.slice(start, start + perInternal + 1);
        const parent = this.newPage(INTERNAL);
        parent.writeUInt32BE(group[0]!.id, HEADER);
        for (let i = 1; i < group.length; i++) this.setEntry(parent, i, group[i]!.first, group[i]!.id);
        parent.writeUInt16BE(group.length - 1, 1);
        const id = pages.allocate();
        this.file.put(id, parent);
        parents.push({ id, first: group[0]!.first });
      }
      level = parents;
    }
    return level.length === 0 ? 0 : level[0]!.id;
  }

  // ---- insertion and deletion, one level at a time --------------------------

  private insertInto(id: number, record: Buffer, pages: PageAllocator): InsertResult | undefined {
    const page = this.file.read(id);
    if (page[0] === LEAF) return this.insertIntoLeaf(id, page, record, pages);
    const slot = this.childSlot(page, record, 0);
    const below = this.insertInto(this.child(page, slot), record, pages);
    if (!below) return undefined;
    const [newId, copy] = this.writable(id, page, pages);
    this.setChild(copy, slot, below.id);
    if (!below.split) return { id: newId };
    return this.addEntry(newId, copy, slot + 1, below.split, pages);
  }

  private insertIntoLeaf(id: number, page: Buffer, record: Buffer, pages: PageAllocator): InsertResult | undefined {
    const count = page.readUInt16BE(1);
    const index = this.lowerBound(page, record, 0);
    const offset = HEADER + index * this.recordSize;
    const exists = index < count && this.compareKey(page, offset, record) === 0;
    if (exists && page.compare(record, 0, this.recordSize, offset, offset + this.recordSize) === 0) return undefined;
    const [newId, copy] = this.writable(id, page, pages);
    if (exists) {
      record.copy(copy, offset, 0, this.recordSize);
      return { id: newId };
    }
    if (count < this.leafCapacity) {
      copy.copy(copy, offset + this.recordSize, offset, HEADER + count * this.recordSize);
      record.copy(copy, offset, 0, this.recordSize);
      copy.writeUInt16BE(count + 1, 1);
      return { id: newId };
    }
    // Full: move the upper half to a new right sibling, then insert into the half it belongs to.
    const half = count >> 1;
    const rightId = pages.allocate();
    const right = this.newPage(LEAF);
    copy.copy(right, HEADER, HEADER + half * this.recordSize, HEADER + count * this.recordSize);
    right.writeUInt16BE(count - half, 1);
    copy.writeUInt16BE(half, 1);
    this.file.put(rightId, right);
    if (index <= half) this.insertIntoLeaf(newId, copy, record, pages);
    else this.insertIntoLeaf(rightId, right, record, pages);
    const key = Buffer.from(right.subarray(HEADER, HEADER + this.keySize));
    return { id: newId, split: { key, right: rightId } };
  }

  /** Inserts (key, child) as entry `slot` of an internal page, splitting it when full. */
  private addEntry(id: number, page: Buffer, slot: number, entry: Split, pages: PageAllocator): InsertResult {
    const count = page.readUInt16BE(1);
    const at = this.entryOffset(slot);
    page.copy(page, at + this.entrySize, at, this.entryOffset(count + 1));
    this.setEntry(page, slot, entry.key, entry.right);
    page.writeUInt16BE(count + 1, 1);
    if (count + 1 <= this.internalCapacity) return { id };
    // Overflowed by one entry (the page has slack: capacity is computed without it).
    const total = count + 1;
    const middle = (total >> 1) + 1;
    const promoted = Buffer.from(page.subarray(this.entryOffset(middle), this.entryOffset(middle) + this.keySize));
    const rightId = pages.allocate();
    const right = this.newPage(INTERNAL);
    right.writeUInt32BE(this.child(page, middle), HEADER);
    page.copy(right, this.entryOffset(1), this.entryOffset(middle + 1), this.entryOffset(total + 1));
    right.writeUInt16BE(total - middle, 1);
    page.writeUInt16BE(middle - 1, 1);
    this.file.put(rightId, right);
    return { id, split: { key: promoted, right: rightId } };
  }

  private deleteFrom(id: number, key: Buffer, pages: PageAllocator): DeleteResult | undefined {
    const page = this.file.read(id);
    const count = page.readUInt16BE(1);
    if (page[0] === LEAF) {
      const index = this.lowerBound(page, key, 0);
      const offset = HEADER + index * this.recordSize;
      if (index >= count || this.compareKey(page, offset, key) !== 0) return undefined;
      const [newId, copy] = this.writable(id, page, pages);
      copy.copy(copy, offset, offset + this.recordSize, HEADER + count * this.recordSize);
      copy.writeUInt16BE(count - 1, 1);
      return { id: newId, count: count - 1 };
    }
    const slot = this.childSlot(page, key, 0);
    const below = this.deleteFrom(this.child(page, slot), key, pages);
    if (!below) return undefined;
    const [newId, copy] = this.writable(id, page, pages);
    this.setChild(copy, slot, below.id);
    const remaining = this.rebalance(copy, slot, below, pages);
    return { id: newId, count: remaining };
  }

  /**
   * After a delete below child `slot`: an emptied child is unlinked; an
   * underfull one (under a quarter full) is merged with a sibling when both fit
   * in one page. Returns the internal page's new key count.
   */
  private rebalance(page: Buffer, slot: number, below: DeleteResult, pages: PageAllocator): number {
    const count = page.readUInt16BE(1);
    const child = this.file.read(below.id);
    const isLeaf = child[0] === LEAF;
    if (isLeaf && below.count === 0 && count > 0) {
      pages.release(below.id);
      this.removeEntry(page, slot);
      return count - 1;
    }
    const capacity = isLeaf ? this.leafCapacity : this.internalCapacity;
    if (below.count >= capacity >> 2 || count === 0) return count;
    const left = slot > 0 ? slot - 1 : slot;
    const leftId = this.child(page, left);
    const rightId = this.child(page, left + 1);
    const leftCount = this.file.read(leftId).readUInt16BE(1);
    const rightCount = this.file.read(rightId).readUInt16BE(1);
    const merged = isLeaf ? leftCount + rightCount : leftCount + rightCount + 1;
    if (merged > capacity) return count;
    const [newLeftId, leftPage] = this.writable(leftId, this.file.read(leftId), pages);
    const rightPage = this.file.read(rightId);
    if (isLeaf) {
      rightPage.copy(leftPage, HEADER + leftCount * this.recordSize, HEADER, HEADER + rightCount * this.recordSize);
    } else {
      // The separator comes down between the two halves.
      const separator = page.subarray(this.entryOffset(left + 1), this.entryOffset(left + 1) + this.keySize);
      this.setEntry(leftPage, leftCount + 1, separator, this.child(rightPage, 0));
      rightPage.copy(leftPage, this.entryOffset(leftCount + 2), this.entryOffset(1), this.entryOffset(rightCount + 1));
    }
    leftPage.writeUInt16BE(merged, 1);
    pages.release(rightId);
    this.setChild(page, left, newLeftId);
    this.removeEntry(page, left + 1);
    return count - 1;
  }

  // ---- page helpers -------------------------------------------------------------

  /** The page itself when this transaction owns it, else a copy on a fresh page (the original is released). */
  private writable(id: number, page: Buffer, pages: PageAllocator): [number, Buffer] {
    if (pages.owns(id)) {
      this.file.put(id, page);
      return [id, page];
    }
    const newId = pages.allocate();
    const copy = Buffer.allocUnsafe(PAGE_BUFFER_SIZE);
    page.copy(copy);
    pages.release(id);
    this.file.put(newId, copy);
    return [newId, copy];
  }

  private newPage(type: number): Buffer {
    const page = Buffer.alloc(PAGE_BUFFER_SIZE);
    page[0] = type;
    return page;
  }

  /**
   * Sign of (key at `offset` of `page`) − `key`. Keys are whole big-endian
   * uint32 words, so comparing words is comparing bytes, without a native call.
   */
  private compareKey(page: Buffer, offset: number, key: Buffer): number {
    for (let i = 0; i < this.keySize; i += 4) {
      const a = page.readUInt32BE(offset + i);
      const b = key.readUInt32BE(i);
      if (a !== b) return a < b ? -1 : 1;
    }
    return 0;
  }

  /** First index i in a leaf with record key ≥ key (binary search). */
  private lowerBound(page: Buffer, key: Buffer, from: number): number {
    let lo = from;
    let hi = page.readUInt16BE(1);
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const offset = HEADER + mid * this.recordSize;
      if (this.compareKey(page, offset, key) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** First index i in a leaf with record key > key. */
  private upperBound(page: Buffer, key: Buffer): number {
    let lo = 0;
    let hi = page.readUInt16BE(1);
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const offset = HEADER + mid * this.recordSize;
      if (this.compareKey(page, offset, key) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The child slot of an internal page whose range holds `key`: the last i with keyᵢ ≤ key (0 if none). */
  private childSlot(page: Buffer, key: Buffer, from: number): number {
    let lo = from;
    let hi = page.readUInt16BE(1);
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      const offset = this.entryOffset(mid);
      if (this.compareKey(page, offset, key) <= 0) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  private entryOffset(slot: number): number {
    return HEADER + 4 + (slot - 1) * this.entrySize;
  }

  private child(page: Buffer, slot: number): number {
    return slot === 0 ? page.readUInt32BE(HEADER) : page.readUInt32BE(this.entryOffset(slot) + this.keySize);
  }

  private setChild(page: Buffer, slot: number, id: number): void {
    if (slot === 0) page.writeUInt32BE(id, HEADER);
    else page.writeUInt32BE(id, this.entryOffset(slot) + this.keySize);
  }

  private setEntry(page: Buffer, slot: number, key: Buffer, child: number): void {
    key.copy(page, this.entryOffset(slot), 0, this.keySize);
    page.writeUInt32BE(child, this.entryOffset(slot) + this.keySize);
  }

  /** Removes child `slot` (≥ 1) and the key before it; for slot 0, child₀ is replaced by child₁. */
  private removeEntry(page: Buffer, slot: number): void {
    const count = page.readUInt16BE(1);
    if (slot === 0) {
      page.writeUInt32BE(this.child(page, 1), HEADER);
      slot = 1;
    }
    page.copy(page, this.entryOffset(slot), this.entryOffset(slot + 1), this.entryOffset(count + 1));
    page.writeUInt16BE(count - 1, 1);
  }

  private heightBelow(page: Buffer): number {
    let height = 0;
    while (page[0] === INTERNAL) {
      page = this.file.read(this.child(page, 0));
      height++;
    }
    return height;
  }

  /** Records under a subtree of this height, at full pages: estimates err high, never low, for the planner. */
  private averageSubtree(height: number): number {
    return this.leafCapacity * Math.pow(this.internalCapacity, height);
  }

  private countLeaves(parent: Buffer, from: number, to: number, low: Buffer, high: Buffer): number {
    let total = 0;
    for (let slot = from; slot <= to; slot++) {
      const leaf = this.file.read(this.child(parent, slot));
      total += this.upperBound(leaf, high) - this.lowerBound(leaf, low, 0);
    }
    return total;
  }
}
