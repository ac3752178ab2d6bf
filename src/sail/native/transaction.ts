/**
 * A NativeStore transaction (spec §4.12–4.13): a copy-on-write working set
 * over the version it started from, a log of its changes, and the isolation
 * rules of `store.ts`'s header.
 */
import { isGroundTerm, type Quad, type Term, termKey } from '../../rdf/terms.ts';
import { ConflictError, InvalidStatementError, TransactionStateError } from '../errors.ts';
import type { ChangeListener, Id, IdQuad, IsolationLevel, QuadPattern } from '../sail.ts';
import { EXPLICIT, INFERRED, matchesPattern } from './indexes.ts';
import { radixOrder } from './sort.ts';
import type { PageSession } from './pagespace.ts';
import type { NativeStore, Version } from './store.ts';
import type { Roots } from './trees.ts';

/** Levels that read the version current at `begin` for the whole transaction. */
const SNAPSHOT_LEVELS: ReadonlySet<IsolationLevel> = new Set(['SNAPSHOT', 'SERIALIZABLE']);
/** Past this many changes the log is dropped: such a transaction can commit only if nobody committed meanwhile. */
const MAX_LOG = 1_000_000;
/** Past this many distinct read patterns, SERIALIZABLE treats the transaction as having read everything. */
const MAX_OBSERVED = 1_000;

/** Explicit additions are buffered up to this many statements, then applied in sorted order. */
const PENDING_LIMIT = 1 << 20;

/** One logged change: the statement and its flags before and after. */
interface Change {
  readonly quad: IdQuad;
  readonly set: number;
  readonly cleared: number;
}

export class NativeTransaction {
  roots: Roots;
  listeners: readonly ChangeListener[] = [];
  private base: Version;
  private session: PageSession;
  private log: Change[] | undefined = [];
  private namespaceLog: ((map: Map<string, string>) => unknown)[] = [];
  private changedNamespaces?: Map<string, string>;
  private observed: Map<string, QuadPattern> | 'everything' = new Map();
  /**
   * The bulk path: explicit additions not yet in the working set, as packed
   * ids (s, p, o, g). Applying them sorted turns random B-tree inserts into
   * sequential ones, and into an empty store they are built bottom-up.
   * Buffered only while nobody listens for changes, and applied before any
   * read or other write, so the buffer is never observable.
   */
  private pending = new Uint32Array(4 * 4096);
  private pendingCount = 0;
  private ended = false;

  constructor(
    private readonly store: NativeStore,
    readonly level: IsolationLevel,
    session: PageSession,
  ) {
    this.base = store.acquire();
    this.roots = this.base;
    this.session = session;
  }

  get baseTxn(): number {
    return this.base.txn;
  }

  get namespaces(): ReadonlyMap<string, string> {
    this.refresh();
    return this.changedNamespaces ?? this.base.namespaces;
  }

  match(pattern: QuadPattern, includeInferred: boolean): Iterable<IdQuad> {
    this.refresh();
    this.observe(pattern);
    return this.store.trees.match(this.roots, pattern, includeInferred);
  }

  contexts(): Iterable<Id> {
    this.refresh();
    this.observe({});
    return this.store.trees.contexts(this.roots);
  }

  size(context: Id | undefined, includeInferred: boolean): number {
    this.refresh();
    this.observe(context === undefined ? {} : { g: context });
    return this.store.trees.size(this.roots, context, includeInferred);
  }

  addStatement(quad: Quad): void {
    this.live();
    const ids = this.encode(quad);
    if (this.listeners.length > 0) {
      this.change(ids, EXPLICIT, INFERRED, true);
      return;
    }
    if (this.pendingCount * 4 === this.pending.length) {
      const grown = new Uint32Array(this.pending.length * 2);
      grown.set(this.pending);
      this.pending = grown;
    }
    this.pending.set(ids, this.pendingCount * 4);
    if (++this.pendingCount === PENDING_LIMIT) this.applyPending();
  }

  /** Adds an inferred statement unless the statement is already there, explicit or inferred. */
  addInferred(quad: Quad): boolean {
    const ids = this.encode(quad);
    this.refresh();
    if (this.store.trees.flags(this.roots, ids) !== 0) return false;
    return this.change(ids, INFERRED, 0, true);
  }

  /** Clears the explicit (or inferred) flag of every matching statement; returns how many had it. */
  removeStatements(pattern: QuadPattern, inferred: boolean): number {
    this.refresh();
    const flag = inferred ? INFERRED : EXPLICIT;
    // Collect first: the working set's pages change in place as statements go.
    const matches = [...this.store.trees.match(this.roots, pattern, true)];
    let removed = 0;
    for (const quad of matches) if (this.change(quad, 0, flag, true)) removed++;
    return removed;
  }

  changeNamespaces(apply: (map: Map<string, string>) => unknown): void {
    this.live();
    this.changedNamespaces ??= new Map(this.base.namespaces);
    apply(this.changedNamespaces);
    this.namespaceLog.push(apply);
  }

  /** Checks for conflicts with transactions that committed since this one began. */
  prepare(): void {
    this.live();
    this.applyPending();
    if (this.base !== this.store.head) this.checkConflicts();
  }

  commit(): void {
    this.prepare();
    if (this.base !== this.store.head) this.rebase();
    this.store.publish(this.roots, this.changedNamespaces, this.session, (this.log ?? []).map((c) => c.quad));
    this.finish();
  }

  rollback(): void {
    if (this.ended) return;
    this.session.abandon();
    this.finish();
  }

  // ---- internals ------------------------------------------------------------------

  /** Sets and clears flags on one statement in the working set; logs and announces a real change. */
  private change(quad: IdQuad, set: number, cleared: number, announce: boolean): boolean {
    this.live();
    if (announce) this.refresh();
    const before = this.store.trees.flags(this.roots, quad);
    const after = (before | set) & ~cleared;
    if (after === before) return false;
    this.roots = this.store.trees.setFlags(this.roots, quad, before, after, this.session);
    if (!announce) return true;
    this.logChange(quad, set, cleared);
    for (const listener of this.listeners) {
      if (set) listener.added(quad, set === INFERRED);
      else listener.removed(quad, cleared === INFERRED);
    }
    return true;
  }

  /** Moves buffered additions into the working set, sorted; into an empty store by a bottom-up build. */
  private applyPending(): void {
    const n = this.pendingCount;
    if (n === 0) return;
    const quads = this.pending;
    this.pendingCount = 0;
    this.pending = new Uint32Array(4 * 4096);
    if (this.store.trees.isEmpty(this.roots)) {
      this.roots = this.store.trees.build(quads, n, this.session);
      for (let i = 0; i < n && this.log; i++) this.logChange([...quads.subarray(i * 4, i * 4 + 4)] as unknown as IdQuad, EXPLICIT, 0);
      return;
    }
    for (const q of radixOrder(quads, n, this.store.trees.indexes[0]!.positions)) {
      this.change([...quads.subarray(q * 4, q * 4 + 4)] as unknown as IdQuad, EXPLICIT, INFERRED, true);
    }
  }

  private logChange(quad: IdQuad, set: number, cleared: number): void {
    if (!this.log) return;
    this.log.push({ quad, set, cleared });
    if (this.log.length > MAX_LOG) this.log = undefined;
  }

  /** Weaker levels read the latest committed version: move the working set onto it. */
  private refresh(): void {
    this.applyPending();
    if (!SNAPSHOT_LEVELS.has(this.level) && this.base !== this.store.head) this.rebase();
  }

  /** Replays this transaction's changes onto the head, in fresh pages. */
  private rebase(): void {
    if (!this.log) throw new ConflictError('another transaction committed while this very large one ran; retry it');
    const head = this.store.acquire();
    this.session.abandon();
    this.session = this.store.newSession();
    this.store.release(this.base);
    this.base = head;
    this.roots = head;
    for (const { quad, set, cleared } of this.log) this.change(quad, set, cleared, false);
    if (this.changedNamespaces) {
      this.changedNamespaces = new Map(head.namespaces);
      for (const apply of this.namespaceLog) apply(this.changedNamespaces);
    }
  }

  private checkConflicts(): void {
    if (!SNAPSHOT_LEVELS.has(this.level)) return;
    const mine = new Set((this.log ?? []).map((c) => c.quad.join()));
    for (const commit of this.store.recentChanges) {
      if (commit.txn <= this.base.txn) continue;
      for (const quad of commit.quads) {
        if (mine.has(quad.join())) throw new ConflictError(`a concurrent transaction changed the same statement (${quad.join(' ')})`);
        if (this.level === 'SERIALIZABLE' && this.sawPatternOf(quad)) {
          throw new ConflictError('a concurrent transaction changed statements this serializable transaction read');
        }
      }
    }
  }

  private sawPatternOf(quad: IdQuad): boolean {
    if (this.observed === 'everything') return true;
    for (const pattern of this.observed.values()) if (matchesPattern(quad, pattern)) return true;
    return false;
  }

  private observe(pattern: QuadPattern): void {
    if (this.level !== 'SERIALIZABLE' || this.observed === 'everything') return;
    this.observed.set(`${pattern.s} ${pattern.p} ${pattern.o} ${pattern.g}`, pattern);
    if (this.observed.size > MAX_OBSERVED) this.observed = 'everything';
  }

  /** Checks every position before interning any term, so a rejected statement changes nothing. */
  private encode(quad: Quad): IdQuad {
    const { subject, predicate, object, graph } = quad;
    if (subject.termType !== 'NamedNode' && subject.termType !== 'BlankNode') {
      throw new InvalidStatementError(`invalid subject ${describe(subject)}: must be an IRI or blank node`);
    }
    if (predicate.termType !== 'NamedNode') throw new InvalidStatementError(`invalid predicate ${describe(predicate)}: must be an IRI`);
    if (!isGroundTerm(object)) throw new InvalidStatementError(`invalid object ${describe(object)}: must be an IRI, blank node or literal`);
    if (graph.termType !== 'NamedNode' && graph.termType !== 'BlankNode' && graph.termType !== 'DefaultGraph') {
      throw new InvalidStatementError(`invalid context ${describe(graph)}: must be an IRI or blank node`);
    }
    const values = this.store.values;
    return [values.intern(subject), values.intern(predicate), values.intern(object), graph.termType === 'DefaultGraph' ? 0 : values.intern(graph)];
  }

  private live(): void {
    if (this.ended) throw new TransactionStateError('the transaction has ended');
  }

  private finish(): void {
    this.ended = true;
    this.store.release(this.base);
    this.store.endTransaction(this);
  }
}

function describe(term: Term): string {
  return `${term.termType} ${termKey(term)}`;
}
