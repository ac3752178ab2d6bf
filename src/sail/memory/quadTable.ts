/**
 * Statement rows of the MemoryStore (spec §2.3 svc:MemoryStore), column by
 * column in typed arrays: about 25 bytes a row instead of an object per
 * statement.
 *
 * A row is one version of one statement: its ids (s, p, o, g), a flags byte
 * (bit 0 = inferred), and the versions that bound its life: it is visible to a
 * reader at version v when `since <= v < until` (multi-version concurrency, as
 * RDF4J's MemoryStore tags each statement with since/till snapshot numbers).
 * A removal only sets `until`, so a reader keeps its snapshot while writers
 * commit; `compact` drops the rows no reader can see any more.
 *
 * Columns only grow or get replaced whole (growth, compaction); apart from
 * appending rows and setting `until`, nothing is written in place. An iterator
 * that captured the arrays therefore stays valid while the table changes.
 */

/** `until` of a row that is still alive. */
export const ALIVE = 0xffffffff;
/** The newest version a reader can ask for: sees exactly the alive rows. */
export const LATEST = ALIVE - 1;
export const INFERRED = 1;

export class QuadTable {
  /** The s, p, o, g columns, by position (0 = s … 3 = g). */
  cols: [Uint32Array, Uint32Array, Uint32Array, Uint32Array];
  since: Uint32Array;
  until: Uint32Array;
  flags: Uint8Array;
  length = 0;
  /** Rows whose `until` is set: what compaction would reclaim. */
  dead = 0;
  /** Open-addressing hash of rows by (s, p, o, g): slot holds row + 1, 0 = empty. */
  private slots: Int32Array;

  constructor(capacity = 64) {
    this.cols = [new Uint32Array(capacity), new Uint32Array(capacity), new Uint32Array(capacity), new Uint32Array(capacity)];
    this.since = new Uint32Array(capacity);
    this.until = new Uint32Array(capacity);
    this.flags = new Uint8Array(capacity);
    this.slots = new Int32Array(slotsFor(capacity));
  }

  /** Appends a row alive from `since` on and returns its number. */
  append(s: number, p: number, o: number, g: number, flags: number, since: number): number {
    if (this.length === this.since.length) this.grow(Math.ceil(this.length * 1.5) + 16);
    const row = this.length++;
    const cols = this.cols;
    const cs = cols[0], cp = cols[1], co = cols[2], cg = cols[3];
    cs[row] = s;
    cp[row] = p;
    co[row] = o;
    cg[row] = g;
    this.flags[row] = flags;
    this.since[row] = since;
    this.until[row] = ALIVE;
    if (this.length * 2 > this.slots.length) this.rehash(this.slots.length * 2);
    else this.hashInsert(row);
    return row;
  }

  /** Makes room for `extra` more rows at once (a bulk commit or a file load), so appends neither grow nor rehash. */
  reserve(extra: number): void {
    const needed = this.length + extra;
    if (needed > this.since.length) this.grow(needed);
    if (needed * 2 > this.slots.length) this.rehash(slotsFor(needed));
  }

  /**
   * Takes over every row of `other`, visible from `since` on, leaving `other`
   * empty: a bulk commit into an empty store moves its rows instead of copying them.
   */
  adopt(other: QuadTable, since: number): void {
    this.cols = other.cols;
    this.since = other.since;
    this.until = other.until;
    this.flags = other.flags;
    this.slots = other.slots;
    this.length = other.length;
    this.dead = other.dead;
    this.since.fill(since, 0, this.length);
    Object.assign(other, new QuadTable());
  }

  /** Ends a row's life at `version` (it stays visible to readers of older versions). */
  kill(row: number, version: number): void {
    if (this.until[row] === ALIVE) this.dead++;
    this.until[row] = version;
  }

  /** Undoes `kill` (a failed commit). */
  revive(row: number): void {
    if (this.until[row] !== ALIVE) this.dead--;
    this.until[row] = ALIVE;
  }

  visible(row: number, version: number): boolean {
    return this.since[row] <= version && version < this.until[row];
  }

  /** The row holding (s, p, o, g) visible at `version`, or -1: one hash probe sequence. */
  find(s: number, p: number, o: number, g: number, version: number): number {
    const slots = this.slots;
    const mask = slots.length - 1;
    const cols = this.cols;
    const cs = cols[0], cp = cols[1], co = cols[2], cg = cols[3];
    for (let i = hashQuad(s, p, o, g) & mask; ; i = (i + 1) & mask) {
      const entry = slots[i];
      if (entry === 0) return -1;
      const row = entry - 1;
      if (cs[row] === s && cp[row] === p && co[row] === o && cg[row] === g && this.visible(row, version)) return row;
    }
  }

  /**
   * Drops every row that died at or before `horizon` (no reader can see it),
   * keeping the order of the others. Returns the old → new row map (-1 = dropped).
   */
  compact(horizon: number): Int32Array {
    const map = new Int32Array(this.length);
    const capacity = Math.max(64, this.length - this.dead);
    const next = new QuadTable(capacity);
    for (let row = 0; row < this.length; row++) {
      if (this.until[row] <= horizon) {
        map[row] = -1;
        continue;
      }
      map[row] = next.length;
      next.copyRow(this, row);
    }
    next.rehash(slotsFor(next.length));
    this.cols = next.cols;
    this.since = next.since;
    this.until = next.until;
    this.flags = next.flags;
    this.slots = next.slots;
    this.length = next.length;
    this.dead = next.dead;
    return map;
  }

  private copyRow(from: QuadTable, row: number): void {
    if (this.length === this.since.length) this.grow(Math.ceil(this.length * 1.5) + 16);
    const to = this.length++;
    for (let c = 0; c < 4; c++) this.cols[c][to] = from.cols[c][row];
    this.flags[to] = from.flags[row];
    this.since[to] = from.since[row];
    this.until[to] = from.until[row];
    if (this.until[to] !== ALIVE) this.dead++;
  }

  private grow(capacity: number): void {
    const widen = <T extends Uint32Array | Uint8Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(capacity);
      b.set(a);
      return b;
    };
    this.cols = [widen(this.cols[0]), widen(this.cols[1]), widen(this.cols[2]), widen(this.cols[3])];
    this.since = widen(this.since);
    this.until = widen(this.until);
    this.flags = widen(this.flags);
  }

  private rehash(size: number): void {
    this.slots = new Int32Array(size);
    for (let row = 0; row < this.length; row++) this.hashInsert(row);
  }

  private hashInsert(row: number): void {
    const slots = this.slots;
    const mask = slots.length - 1;
    const cols = this.cols;
    const cs = cols[0], cp = cols[1], co = cols[2], cg = cols[3];
    let i = hashQuad(cs[row], cp[row], co[row], cg[row]) & mask;
    while (slots[i] !== 0) i = (i + 1) & mask;
    slots[i] = row + 1;
  }
}

/** Hash slots for `rows` rows: a power of two, at most half full. */
function slotsFor(rows: number): number {
  let size = 16;
  while (size < rows * 2) size *= 2;
  return size;
}

/** A 32-bit mix of four ids (murmur3-style multiply-rotate). */
function hashQuad(s: number, p: number, o: number, g: number): number {
  let h = Math.imul(s, 0xcc9e2d51);
  h = Math.imul((h << 15) | (h >>> 17), 0x1b873593) ^ p;
  h = Math.imul((h << 13) | (h >>> 19), 5) + 0xe6546b64;
  h = Math.imul(h ^ o, 0x85ebca6b);
  h = Math.imul((h << 13) | (h >>> 19), 0xc2b2ae35) ^ g;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  return (h ^ (h >>> 13)) >>> 0;
}
