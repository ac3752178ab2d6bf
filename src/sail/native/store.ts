/**
 * NativeStore (spec §2.3 NativeStore): statements persisted on disk in B-tree
 * indexes chosen by `config:native.tripleIndexes`, values in an on-disk
 * dictionary, commits atomic and crash-safe.
 *
 * Files in the data directory:
 *   pages.db    commit records (page 0, `meta.ts`) and every B-tree page (`btree.ts`)
 *   values.dat, values.idx   the value dictionary (`values.ts`)
 *
 * Transactions (spec §4.12). A transaction writes into its own copy-on-write
 * working set, so it reads its own changes at B-tree speed and its pages stay
 * invisible until its commit record is written. It also logs what it changed,
 * so when another transaction committed first it can replay its changes onto
 * the newer version. The levels, as in the MemoryStore:
 *   NONE, READ_UNCOMMITTED, READ_COMMITTED, SNAPSHOT_READ: each read sees the
 *     latest committed version (the working set is rebased when a newer one
 *     exists), plus the transaction's own changes;
 *   SNAPSHOT: reads see the version current at `begin`; at commit, a statement
 *     this transaction changed that a concurrent commit also changed is a
 *     conflict (no lost update);
 *   SERIALIZABLE: SNAPSHOT, and a concurrent commit that changed a statement
 *     matching a pattern this transaction read is a conflict (no write skew).
 *
 * Durability (`config:native.forceSync`):
 *   forceSync true   every commit fsyncs its pages and values, then its record:
 *                    when commit() returns, the transaction survives a power cut.
 *   forceSync false  a commit writes without fsync; a checkpoint (every
 *                    `checkpointInterval` ms while there are new commits, and at
 *                    shutdown) makes them durable. A killed process loses no
 *                    committed transaction; an OS crash or power cut loses at
 *                    most the commits since the last checkpoint. Neither setting
 *                    can leave a torn store (see `meta.ts`).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Quad } from '../../rdf/terms.ts';
import {
  type ChangeListener,
  type Id,
  type IdQuad,
  type IsolationLevel,
  ISOLATION_LEVELS,
  type QuadPattern,
  type Sail,
  type SailConnection,
  type TransactionSettings,
} from '../sail.ts';
import { TransactionStateError, UnsupportedIsolationLevelError } from '../errors.ts';
import { BlobStore } from './blob.ts';
import { BTree } from './btree.ts';
import { DEFAULT_INDEXES, IndexOrder, parseIndexList } from './indexes.ts';
import { chooseRecord, type CommitRecord, currentBootId, decodeRecord, encodeRecord, SLOT_COUNT, SLOT_SIZE } from './meta.ts';
import { PageFile } from './pagefile.ts';
import { PageSpace, type PageSession } from './pagespace.ts';
import { rebuildIndexes } from './rebuild.ts';
import { NativeTransaction } from './transaction.ts';
import { type Roots, Trees } from './trees.ts';
import { HASH_RECORD_SIZE, NativeValueStore } from './values.ts';

export interface NativeStoreOptions {
  readonly dataDir: string;
  /** `config:native.tripleIndexes`: default `spoc,posc`. */
  readonly tripleIndexes?: string;
  /** Open an existing store with the indexes it has, building or dropping none (check, export). */
  readonly keepStoredIndexes?: boolean;
  readonly forceSync?: boolean;
  /** Id → term cache entries (`config:native.valueCacheSize`); default 262,144 (RDF4J's 512 assumes a JVM heap of decoded values). */
  readonly valueCacheSize?: number;
  /** Term → id cache entries (`config:native.valueIDCacheSize`); default 262,144. */
  readonly valueIDCacheSize?: number;
  /** Page cache size in 8 KiB pages; default 8,192 (64 MiB). */
  readonly pageCacheSize?: number;
  /** Milliseconds between checkpoints when forceSync is off; default 1,000. */
  readonly checkpointInterval?: number;
  /** Progress of long jobs (index builds), one line at a time. */
  readonly progress?: (message: string) => void;
}

/** One committed version of the store: what a snapshot reads. */
export interface Version extends Roots {
  readonly txn: number;
  readonly namespaces: ReadonlyMap<string, string>;
  /** Open readers of this version; its replaced pages wait for them. */
  readers: number;
}

export class NativeStore implements Sail {
  readonly supportedIsolationLevels = ISOLATION_LEVELS;
  readonly defaultIsolationLevel: IsolationLevel = 'SNAPSHOT_READ';
  private file!: PageFile;
  private space!: PageSpace;
  private valueStore!: NativeValueStore;
  private blobs!: BlobStore;
  trees!: Trees;
  head!: Version;
  private namespacesPage = 0;
  /** The commit record of the head (undefined for a store never committed). */
  private headRecord?: CommitRecord;
  private lastTxn = 0;
  private checkpointed = 0;
  private valueSession!: PageSession;
  private readonly openVersions = new Set<Version>();
  private readonly transactions = new Set<NativeTransaction>();
  /** Changes of recent commits, kept while an older transaction may need them for conflict checks. */
  readonly recentChanges: { txn: number; quads: IdQuad[] }[] = [];
  private checkpointTimer?: NodeJS.Timeout;
  private readonly bootId = currentBootId();

  constructor(readonly options: NativeStoreOptions) {}

  get values(): NativeValueStore {
    return this.valueStore;
  }

  async init(): Promise<void> {
    mkdirSync(this.options.dataDir, { recursive: true });
    this.file = new PageFile(join(this.options.dataDir, 'pages.db'), this.options.pageCacheSize ?? 8192);
    const slots = Array.from({ length: SLOT_COUNT }, (_, i) => decodeRecord(this.file.readAt(i * SLOT_SIZE, SLOT_SIZE)));
    const record = chooseRecord(slots, this.bootId);
    // New transaction numbers stay above every record on disk, even ones not chosen.
    this.lastTxn = Math.max(0, ...slots.map((s) => s?.txn ?? 0));
    this.checkpointed = record?.txn ?? 0;
    const configured = parseIndexList(this.options.tripleIndexes ?? DEFAULT_INDEXES);
    const stored = record?.indexes.map((i) => new IndexOrder(i.order)) ?? configured;
    const wanted = this.options.keepStoredIndexes ? stored : configured;
    this.trees = new Trees(this.file, stored);
    this.valueStore = new NativeValueStore(
      this.options.dataDir,
      this.file,
      { length: record?.valuesLength ?? 0, count: record?.valueCount ?? 0, hashRoot: record?.hashRoot ?? 0 },
      () => this.valueSession,
      { values: this.options.valueCacheSize ?? 262144, ids: this.options.valueIDCacheSize ?? 262144 },
    );
    this.blobs = new BlobStore(this.file);
    this.namespacesPage = record?.namespacesPage ?? 0;
    const namespaces = new Map<string, string>(this.namespacesPage ? JSON.parse(this.blobs.read(this.namespacesPage)) : []);
    const roots: Roots = { statements: record?.indexes.map((i) => i.root) ?? stored.map(() => 0), contexts: record?.contextsRoot ?? 0 };
    this.head = { txn: record?.txn ?? 0, ...roots, namespaces, readers: 0 };
    this.headRecord = record;
    this.space = PageSpace.fromReachable(record?.nextPage ?? 0, [...this.usedPages()].map(([, page]) => page));
    this.file.pageCount = this.space.nextPage;
    this.valueSession = this.space.session();
    if (stored.map((i) => i.name).join() !== wanted.map((i) => i.name).join()) this.changeIndexes(wanted);
    if (!this.options.forceSync) {
      this.checkpointTimer = setInterval(() => this.checkpoint(), this.options.checkpointInterval ?? 1000);
      this.checkpointTimer.unref();
    }
  }

  async shutdown(): Promise<void> {
    for (const txn of [...this.transactions]) txn.rollback();
    clearInterval(this.checkpointTimer);
    this.checkpoint();
    this.valueStore.close();
    this.file.close();
  }

  connection(): SailConnection {
    return new NativeConnection(this);
  }

  // ---- versions and snapshots ---------------------------------------------------

  /** Pins a version for reading; `release` unpins it. */
  acquire(version: Version = this.head): Version {
    version.readers++;
    this.openVersions.add(version);
    return version;
  }

  release(version: Version): void {
    if (--version.readers === 0 && version !== this.head) this.openVersions.delete(version);
    this.reclaim();
  }

  /** Reads a pinned snapshot of the head for the duration of one iteration. */
  *readHead<T>(read: (version: Version) => Iterable<T>): Generator<T> {
    const version = this.acquire();
    try {
      yield* read(version);
    } finally {
      this.release(version);
    }
  }

  beginTransaction(level: IsolationLevel): NativeTransaction {
    if (!ISOLATION_LEVELS.includes(level)) throw new UnsupportedIsolationLevelError(level, ISOLATION_LEVELS);
    const txn = new NativeTransaction(this, level, this.space.session());
    this.transactions.add(txn);
    return txn;
  }

  endTransaction(txn: NativeTransaction): void {
    this.transactions.delete(txn);
    this.trimRecentChanges();
  }

  newSession(): PageSession {
    return this.space.session();
  }

  // ---- commit ------------------------------------------------------------------

  /**
   * Publishes a working set as the new head: values and pages written, then the
   * commit record (fsynced around it with forceSync). Synchronous, so no other
   * code interleaves with a commit.
   */
  publish(roots: Roots, namespaces: ReadonlyMap<string, string> | undefined, session: PageSession, changes: IdQuad[]): void {
    const txn = this.lastTxn + 1;
    let namespacesPage = this.namespacesPage;
    if (namespaces) {
      namespacesPage = this.blobs.write(JSON.stringify([...namespaces]), session);
      if (this.namespacesPage) this.blobs.free(this.namespacesPage, session);
    }
    const values = this.valueStore.flush();
    this.file.flush();
    const record: CommitRecord = {
      txn,
      bootId: this.bootId,
      nextPage: this.space.nextPage,
      valuesLength: values.length,
      valueCount: values.count,
      hashRoot: values.hashRoot,
      contextsRoot: roots.contexts,
      namespacesPage,
      indexes: this.trees.indexes.map((index, i) => ({ order: index.name, root: roots.statements[i]! })),
    };
    if (this.options.forceSync) this.syncData();
    this.file.writeAt((txn % 2) * SLOT_SIZE, encodeRecord(record));
    this.lastTxn = txn;
    this.headRecord = record;
    this.namespacesPage = namespacesPage;
    if (this.options.forceSync) this.writeCheckpoint(record);
    const previous = this.head;
    this.head = { txn, ...roots, namespaces: namespaces ?? previous.namespaces, readers: 0 };
    if (previous.readers === 0) this.openVersions.delete(previous);
    this.space.retire(txn, [...session.replaced, ...this.valueSession.replaced]);
    this.valueSession = this.space.session();
    if (this.transactions.size > 1 && changes.length > 0) this.recentChanges.push({ txn, quads: changes });
    this.reclaim();
  }

  /** Makes the head durable (forceSync off): fsync data, then write and fsync a checkpoint record. */
  checkpoint(): void {
    if (!this.headRecord || this.headRecord.txn <= this.checkpointed) return;
    this.syncData();
    this.writeCheckpoint(this.headRecord);
    this.reclaim();
  }

  private syncData(): void {
    this.valueStore.sync();
    this.file.sync();
  }

  private writeCheckpoint(record: CommitRecord): void {
    this.file.sync();
    this.file.writeAt((2 + (record.txn % 2)) * SLOT_SIZE, encodeRecord(record));
    this.file.sync();
    this.checkpointed = record.txn;
  }

  private reclaim(): void {
    let oldest = this.head.txn;
    for (const version of this.openVersions) if (version.readers > 0) oldest = Math.min(oldest, version.txn);
    for (const txn of this.transactions) oldest = Math.min(oldest, txn.baseTxn);
    this.space.reclaim(oldest, this.checkpointed);
  }

  private trimRecentChanges(): void {
    let oldest = Infinity;
    for (const txn of this.transactions) oldest = Math.min(oldest, txn.baseTxn);
    while (this.recentChanges.length > 0 && this.recentChanges[0]!.txn <= oldest) this.recentChanges.shift();
  }

  // ---- open-time work --------------------------------------------------------------

  /** Every page the head's trees use, by tree: the rest of the file is free. */
  *usedPages(): Generator<readonly [tree: string, page: number]> {
    for (const [i, index] of this.trees.indexes.entries()) {
      for (const page of this.trees.statementTree.pages(this.head.statements[i]!)) yield [`index ${index.name}`, page];
    }
    for (const page of this.trees.contextTree.pages(this.head.contexts)) yield ['contexts', page];
    for (const page of new BTree(this.file, HASH_RECORD_SIZE).pages(this.valueStore.hashRoot)) yield ['value hash', page];
    for (const page of this.blobs.pages(this.namespacesPage)) yield ['namespaces', page];
  }

  /** One past the highest page in use or allocated. */
  get pageCount(): number {
    return this.space.nextPage;
  }

  /** Builds the indexes the configuration adds and drops the ones it removes (rule 6), then commits. */
  private changeIndexes(wanted: IndexOrder[]): void {
    const session = this.space.session();
    const roots = rebuildIndexes(this.trees, this.head, wanted, session, this.options.progress);
    this.trees = new Trees(this.file, wanted);
    this.publish(roots, undefined, session, []);
    this.checkpoint();
  }
}

/** A connection: reads outside a transaction see the head; writes need `begin`. */
export class NativeConnection implements SailConnection {
  private txn?: NativeTransaction;
  private closed = false;
  private readonly listeners: ChangeListener[] = [];

  constructor(private readonly store: NativeStore) {}

  get values(): NativeValueStore {
    return this.store.values;
  }

  get active(): boolean {
    return this.txn !== undefined;
  }

  begin(level: IsolationLevel = this.store.defaultIsolationLevel, _settings?: TransactionSettings): void {
    if (this.closed) throw new TransactionStateError('the connection is closed');
    if (this.txn) throw new TransactionStateError('a transaction is already active on this connection');
    this.txn = this.store.beginTransaction(level);
    this.txn.listeners = this.listeners;
  }

  async prepare(): Promise<void> {
    this.writing().prepare();
  }

  async commit(): Promise<void> {
    const txn = this.writing();
    txn.commit();
    this.txn = undefined;
  }

  rollback(): void {
    this.txn?.rollback();
    this.txn = undefined;
  }

  close(): void {
    this.rollback();
    this.closed = true;
  }

  match(pattern: QuadPattern, includeInferred = true): Iterable<IdQuad> {
    if (this.txn) return this.txn.match(pattern, includeInferred);
    return this.store.readHead((version) => this.store.trees.match(version, pattern, includeInferred));
  }

  estimate(pattern: QuadPattern, _includeInferred?: boolean): number {
    return this.store.trees.estimate(this.txn?.roots ?? this.store.head, pattern);
  }

  contexts(): Iterable<Id> {
    if (this.txn) return this.txn.contexts();
    return this.store.readHead((version) => this.store.trees.contexts(version));
  }

  size(context?: Id, includeInferred = true): number {
    if (this.txn) return this.txn.size(context, includeInferred);
    return this.store.trees.size(this.store.head, context, includeInferred);
  }

  addStatement(quad: Quad): void {
    this.writing().addStatement(quad);
  }

  removeStatements(pattern: QuadPattern): number {
    return this.writing().removeStatements(pattern, false);
  }

  addInferred(quad: Quad): boolean {
    return this.writing().addInferred(quad);
  }

  removeInferred(pattern: QuadPattern): number {
    return this.writing().removeStatements(pattern, true);
  }

  /** Removes every statement, explicit and inferred, of the contexts (all when none given). */
  clear(contexts?: readonly Id[]): void {
    const txn = this.writing();
    for (const pattern of !contexts || contexts.length === 0 ? [{}] : contexts.map((g) => ({ g }))) {
      txn.removeStatements(pattern, false);
      txn.removeStatements(pattern, true);
    }
  }

  namespaces(): Iterable<readonly [string, string]> {
    return (this.txn?.namespaces ?? this.store.head.namespaces).entries();
  }

  getNamespace(prefix: string): string | undefined {
    return (this.txn?.namespaces ?? this.store.head.namespaces).get(prefix);
  }

  setNamespace(prefix: string, iri: string): void {
    this.writing().changeNamespaces((map) => map.set(prefix, iri));
  }

  removeNamespace(prefix: string): void {
    this.writing().changeNamespaces((map) => map.delete(prefix));
  }

  clearNamespaces(): void {
    this.writing().changeNamespaces((map) => map.clear());
  }

  addChangeListener(listener: ChangeListener): void {
    this.listeners.push(listener);
  }

  private writing(): NativeTransaction {
    if (!this.txn) throw new TransactionStateError('no active transaction: call begin() before writing');
    return this.txn;
  }
}
