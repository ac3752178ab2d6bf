/**
 * A MemoryStore transaction (spec §4.12–4.13): its pending changes, and the
 * view it reads — the committed statements at its read version, minus what it
 * removed, plus what it added.
 *
 * Isolation (spec §4.12; RDF4J IsolationLevels). Every level buffers its writes
 * here until commit, so no level lets another connection see uncommitted data,
 * and every rollback is complete: a level may give more than it promises.
 *   NONE, READ_UNCOMMITTED, READ_COMMITTED, SNAPSHOT_READ: each read sees the
 *     latest committed version when it starts, and keeps it to its end
 *     (a query never sees a half-applied commit).
 *   SNAPSHOT: every read sees the version current at `begin` (repeatable reads,
 *     no phantoms); at commit, a statement this transaction removed or added
 *     that a concurrent commit removed is a write conflict (no lost update).
 *   SERIALIZABLE: SNAPSHOT, and every pattern it read is recorded; a concurrent
 *     commit that changed a statement matching one is a conflict (no write skew).
 */
import type { ChangeListener, Id, IdQuad, IsolationLevel, QuadPattern } from '../sail.ts';
import { INFERRED_ONLY, QuadSet, kindOf, type Kinds } from './quadSet.ts';
import { ALIVE, INFERRED } from './quadTable.ts';

/** What the transaction needs of its store. */
export interface TransactionHost {
  readonly quads: QuadSet;
  readonly version: number;
  readonly namespaces: ReadonlyMap<string, string>;
}

/** Levels that read one snapshot for the whole transaction. */
export const SNAPSHOT_LEVELS: ReadonlySet<IsolationLevel> = new Set(['SNAPSHOT', 'SERIALIZABLE']);

export class Transaction {
  /** Statements added, each with its inferred flag (rows at version 0). */
  readonly added = new QuadSet();
  /** Committed statements this transaction removes (rows at version 0). */
  readonly removed = new QuadSet();
  /** Namespace changes: prefix → IRI, or undefined for a removal. */
  readonly namespaceChanges = new Map<string, string | undefined>();
  namespacesCleared = false;
  /** SERIALIZABLE: the patterns read, keyed to drop repeats. */
  readonly observed = new Map<string, QuadPattern>();
  readonly startVersion: number;

  constructor(
    private readonly host: TransactionHost,
    readonly level: IsolationLevel,
    private readonly listeners: readonly ChangeListener[],
  ) {
    this.startVersion = host.version;
  }

  /** The committed version a read starts from. */
  readVersion(): number {
    return SNAPSHOT_LEVELS.has(this.level) ? this.startVersion : this.host.version;
  }

  *match(pattern: QuadPattern, kinds: Kinds): Iterable<IdQuad> {
    this.observe(pattern);
    const version = this.readVersion();
    const base = this.host.quads;
    const hides = this.removed.table.length > this.removed.table.dead;
    for (const q of base.match(pattern, version, kinds)) {
      if (!hides || this.removed.find(q, 0) < 0) yield q;
    }
    if (this.added.table.length === this.added.table.dead) return;
    for (const q of this.added.match(pattern, 0, kinds)) {
      // A concurrent commit may have added it too (READ_COMMITTED): yield it once.
      if (base.find(q, version) < 0 || this.removed.find(q, 0) >= 0) yield q;
    }
  }

  /** Exact count of the view's matches; without pending changes, counted in the store's index. */
  count(pattern: QuadPattern, kinds: Kinds): number {
    if (this.added.table.length > 0 || this.removed.table.length > 0) {
      let n = 0;
      for (const _ of this.match(pattern, kinds)) n++;
      return n;
    }
    this.observe(pattern);
    return this.host.quads.count(pattern, this.readVersion(), kinds);
  }

  estimate(pattern: QuadPattern): number {
    return this.host.quads.estimate(pattern) + this.added.estimate(pattern);
  }

  contexts(kinds: Kinds): Set<Id> {
    this.observe({});
    const found = new Set<Id>();
    for (const g of this.host.quads.contexts(this.readVersion(), kinds)) {
      if (this.removed.table.length === 0 || !this.isEmpty({ g }, kinds)) found.add(g);
    }
    for (const g of this.added.contexts(0, kinds)) found.add(g);
    return found;
  }

  /** Adds a statement; false when the view already holds it (an explicit one, or an inferred one added as inferred). */
  add(q: IdQuad, inferred: boolean): boolean {
    const flags = inferred ? INFERRED : 0;
    const pending = this.added.find(q, 0);
    if (pending >= 0) {
      if (inferred || !(this.added.table.flags[pending] & INFERRED)) return false;
      this.added.table.flags[pending] = 0;
      return this.notifyAdded(q, false);
    }
    const base = this.host.quads;
    const row = base.find(q, this.readVersion());
    const hidden = this.removed.find(q, 0);
    if (row >= 0 && hidden < 0) {
      if (inferred || !(base.table.flags[row] & INFERRED)) return false;
      // An explicit statement replaces an inferred one: hide the inferred row.
      this.removed.add(q, INFERRED, 0);
    } else if (row >= 0 && (base.table.flags[row] & INFERRED) === flags) {
      // Removed earlier in this transaction and added back as it was: just unhide it.
      this.removed.table.kill(hidden, 0);
      return this.notifyAdded(q, inferred);
    }
    this.added.add(q, flags, 0);
    return this.notifyAdded(q, inferred);
  }

  /** Removes the statements of the given kinds matching the pattern; returns how many. */
  remove(pattern: QuadPattern, kinds: Kinds): number {
    const victims: [IdQuad, boolean][] = [];
    for (const q of this.match(pattern, kinds)) victims.push([q, this.isInferred(q)]);
    for (const [q, inferred] of victims) {
      const pending = this.added.find(q, 0);
      if (pending >= 0) this.added.table.kill(pending, 0);
      else this.removed.add(q, inferred ? INFERRED : 0, 0);
      for (const listener of this.listeners) listener.removed(q, inferred);
    }
    return victims.length;
  }

  getNamespace(prefix: string): string | undefined {
    if (this.namespaceChanges.has(prefix)) return this.namespaceChanges.get(prefix);
    return this.namespacesCleared ? undefined : this.host.namespaces.get(prefix);
  }

  namespaces(): Map<string, string> {
    const out = this.namespacesCleared ? new Map<string, string>() : new Map(this.host.namespaces);
    for (const [prefix, iri] of this.namespaceChanges) {
      if (iri === undefined) out.delete(prefix);
      else out.set(prefix, iri);
    }
    return out;
  }

  setNamespace(prefix: string, iri: string | undefined): void {
    this.namespaceChanges.set(prefix, iri);
  }

  clearNamespaces(): void {
    this.namespacesCleared = true;
    this.namespaceChanges.clear();
  }

  /** The quads this transaction removes and adds, for commit: [quad, flags] pairs of live pending rows. */
  *pendingRows(set: 'removed' | 'added'): Iterable<[IdQuad, number]> {
    const table = this[set].table;
    const cols = table.cols;
    const cs = cols[0], cp = cols[1], co = cols[2], cg = cols[3];
    for (let row = 0; row < table.length; row++) {
      if (table.until[row] === ALIVE) yield [[cs[row], cp[row], co[row], cg[row]], table.flags[row]];
    }
  }

  /** Whether the transaction changed anything. */
  writes(): boolean {
    return this.added.table.length > 0 || this.removed.table.length > 0 || this.namespaceChanges.size > 0 || this.namespacesCleared;
  }

  /** SERIALIZABLE bookkeeping: remember a pattern read. */
  private observe(pattern: QuadPattern): void {
    if (this.level !== 'SERIALIZABLE') return;
    const key = `${pattern.s} ${pattern.p} ${pattern.o} ${pattern.g}`;
    if (!this.observed.has(key)) this.observed.set(key, pattern);
  }

  private isInferred(q: IdQuad): boolean {
    const pending = this.added.find(q, 0);
    if (pending >= 0) return (this.added.table.flags[pending] & INFERRED) !== 0;
    const row = this.host.quads.find(q, this.readVersion());
    return row >= 0 && kindOf(this.host.quads.table.flags[row]) === INFERRED_ONLY;
  }

  private isEmpty(pattern: QuadPattern, kinds: Kinds): boolean {
    for (const _ of this.match(pattern, kinds)) return false;
    return true;
  }

  private notifyAdded(q: IdQuad, inferred: boolean): true {
    for (const listener of this.listeners) listener.added(q, inferred);
    return true;
  }
}
