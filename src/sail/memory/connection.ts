/**
 * A MemoryStore connection (spec §2.3 svc:MemoryStore, §4.12–4.14): reads the
 * committed statements (or, inside a transaction, the transaction's view) and
 * writes through the transaction.
 */
import { ISOLATION_LEVELS, type ChangeListener, type Id, type IdQuad, type IsolationLevel, type QuadPattern, type SailConnection, type TransactionSettings } from '../sail.ts';
import { TransactionStateError, UnsupportedIsolationLevelError } from '../errors.ts';
import type { MemoryValueStore } from '../values.ts';
import { statementIds } from '../statement.ts';
import { ALL, EXPLICIT, INFERRED_ONLY, kindsOf } from './quadSet.ts';
import { Transaction } from './transaction.ts';
import type { MemoryStore } from './store.ts';
import type { Quad } from '../../rdf/terms.ts';

export class MemoryConnection implements SailConnection {
  private txn: Transaction | undefined;
  private closed = false;
  private committing = false;
  private readonly listeners: ChangeListener[] = [];

  constructor(private readonly store: MemoryStore) {}

  get values(): MemoryValueStore {
    return this.store.values;
  }

  get active(): boolean {
    return this.txn !== undefined;
  }

  begin(level: IsolationLevel = this.store.defaultIsolationLevel, _settings?: TransactionSettings): void {
    this.checkOpen();
    if (this.txn) throw new TransactionStateError('a transaction is already active on this connection');
    if (!ISOLATION_LEVELS.includes(level) || !this.store.supportedIsolationLevels.includes(level)) {
      throw new UnsupportedIsolationLevelError(level, this.store.supportedIsolationLevels);
    }
    this.txn = this.store.openTransaction(level, this.listeners);
  }

  async prepare(): Promise<void> {
    this.store.checkConflicts(this.transaction('prepare'));
  }

  async commit(): Promise<void> {
    const txn = this.transaction('commit');
    if (this.committing) throw new TransactionStateError('a commit of this transaction is already in progress');
    this.committing = true;
    try {
      await this.store.commit(txn);
      this.txn = undefined;
    } finally {
      // On failure the transaction stays open, so the caller can still roll back (rdf4j-facts §5).
      this.committing = false;
    }
  }

  rollback(): void {
    if (!this.txn) return;
    this.store.endTransaction(this.txn);
    this.txn = undefined;
  }

  close(): void {
    this.rollback();
    this.closed = true;
    this.store.forget(this);
  }

  match(pattern: QuadPattern, includeInferred?: boolean): Iterable<IdQuad> {
    this.checkOpen();
    const kinds = kindsOf(includeInferred);
    return this.txn ? this.txn.match(pattern, kinds) : this.store.quads.match(pattern, this.store.version, kinds);
  }

  estimate(pattern: QuadPattern, _includeInferred?: boolean): number {
    return this.txn ? this.txn.estimate(pattern) : this.store.quads.estimate(pattern);
  }

  contexts(): Iterable<Id> {
    this.checkOpen();
    return this.txn ? this.txn.contexts(ALL) : this.store.quads.contexts(this.store.version, ALL);
  }

  size(context?: Id, includeInferred?: boolean): number {
    this.checkOpen();
    const pattern = context === undefined ? {} : { g: context };
    const kinds = kindsOf(includeInferred);
    return this.txn ? this.txn.count(pattern, kinds) : this.store.quads.count(pattern, this.store.version, kinds);
  }

  addStatement(quad: Quad): void {
    const txn = this.transaction('add a statement');
    txn.add(statementIds(quad, this.store.values), false);
  }

  removeStatements(pattern: QuadPattern): number {
    return this.transaction('remove statements').remove(pattern, EXPLICIT);
  }

  addInferred(quad: Quad): boolean {
    const txn = this.transaction('add an inferred statement');
    return txn.add(statementIds(quad, this.store.values), true);
  }

  removeInferred(pattern: QuadPattern): number {
    return this.transaction('remove inferred statements').remove(pattern, INFERRED_ONLY);
  }

  clear(contexts?: readonly Id[]): void {
    const txn = this.transaction('clear');
    if (contexts === undefined) txn.remove({}, ALL);
    else for (const g of contexts) txn.remove({ g }, ALL);
  }

  namespaces(): Iterable<readonly [prefix: string, iri: string]> {
    this.checkOpen();
    return this.txn ? this.txn.namespaces() : new Map(this.store.namespaces);
  }

  getNamespace(prefix: string): string | undefined {
    this.checkOpen();
    return this.txn ? this.txn.getNamespace(prefix) : this.store.namespaces.get(prefix);
  }

  setNamespace(prefix: string, iri: string): void {
    this.transaction('set a namespace').setNamespace(prefix, iri);
  }

  removeNamespace(prefix: string): void {
    this.transaction('remove a namespace').setNamespace(prefix, undefined);
  }

  clearNamespaces(): void {
    this.transaction('clear namespaces').clearNamespaces();
  }

  addChangeListener(listener: ChangeListener): void {
    this.listeners.push(listener);
  }

  private transaction(action: string): Transaction {
    this.checkOpen();
    if (!this.txn) throw new TransactionStateError(`cannot ${action}: no active transaction`);
    return this.txn;
  }

  private checkOpen(): void {
    if (this.closed) throw new TransactionStateError('the connection is closed');
  }
}
