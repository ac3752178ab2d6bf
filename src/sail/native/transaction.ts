/**
 * A NativeStore transaction (spec §4.12–4.13): a copy-on-write working set
 * over the version it started from, a log of its changes, and the isolation
 * rules of `store.ts`'s header.
 */
import { isGroundTerm, type Quad } from '../../rdf/terms.ts';
import { ConflictError, InvalidStatementError, TransactionStateError } from '../errors.ts';
import type { ChangeListener, Id, IdQuad, IsolationLevel, QuadPattern } from '../sail.ts';
import { EXPLICIT, INFERRED, matchesPattern } from './indexes.ts';
import type { PageSession } from './pagespace.ts';
import type { NativeStore, Version } from './store.ts';
import type { Roots } from './trees.ts';

/** Levels that read the version current at `begin` for the whole transaction. */
const SNAPSHOT_LEVELS: ReadonlySet<IsolationLevel> = new Set(['SNAPSHOT', 'SERIALIZABLE']);
/** Past this many changes the log is dropped: such a transaction can commit only if nobody committed meanwhile. */
const MAX_LOG = 1_000_000;
/** Past this many distinct read patterns, SERIALIZABLE treats the transaction as having read everything. */
const MAX_OBSERVED = 1_000;

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
    this.change(this.encode(quad), EXPLICIT, 0, true);
  }

  addInferred(quad: Quad): boolean {
    return this.change(this.encode(quad), INFERRED, 0, true);
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
    if (this.log) {
      this.log.push({ quad, set, cleared });
      if (this.log.length > MAX_LOG) this.log = undefined;
    }
    for (const listener of this.listeners) {
      if (set) listener.added(quad, set === INFERRED);
      else listener.removed(quad, cleared === INFERRED);
    }
    return true;
  }

  /** Weaker levels read the latest committed version: move the working set onto it. */
  private refresh(): void {
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

  private encode(quad: Quad): IdQuad {
    const { subject, predicate, object, graph } = quad;
    if (subject.termType !== 'NamedNode' && subject.termType !== 'BlankNode') {
      throw new InvalidStatementError(`invalid subject ${subject.termType} "${subject.value}": must be an IRI or blank node`);
    }
    if (predicate.termType !== 'NamedNode') {
      throw new InvalidStatementError(`invalid predicate ${predicate.termType} "${predicate.value}": must be an IRI`);
    }
    if (!isGroundTerm(object)) throw new InvalidStatementError(`invalid object ${object.termType}: must be an IRI, blank node or literal`);
    if (graph.termType !== 'NamedNode' && graph.termType !== 'BlankNode' && graph.termType !== 'DefaultGraph') {
      throw new InvalidStatementError(`invalid context ${graph.termType} "${graph.value}": must be an IRI or blank node`);
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
