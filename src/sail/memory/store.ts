/**
 * The MemoryStore (spec §2.3 `svc:MemoryStore`): every statement in main
 * memory, optionally persisted to a file in `dataDir` (`config:mem.persist`),
 * synced upon each commit or `syncDelay` ms later (`config:mem.syncDelay`).
 *
 * Layout: a `MemoryValueStore` (term ↔ id) and one `QuadSet` of versioned
 * statement rows with the indexes spoc, posc, ospc, gspo (see `quadSet.ts`
 * for the index choice). Each commit makes a new version; readers never block:
 * a reader keeps the version it started with while writers commit
 * (transaction.ts explains the isolation levels). Commits run one at a time.
 */
import { ISOLATION_LEVELS, type ChangeListener, type IdQuad, type IsolationLevel, type Sail } from '../sail.ts';
import { ConflictError, SailError } from '../errors.ts';
import { MemoryValueStore } from '../values.ts';
import { termKey } from '../../rdf/terms.ts';
import { MemoryConnection } from './connection.ts';
import { QuadSet } from './quadSet.ts';
import { INFERRED, LATEST } from './quadTable.ts';
import { SNAPSHOT_LEVELS, Transaction, type TransactionHost } from './transaction.ts';
import { Persistence, type PersistenceHost } from './persistence.ts';
import type { DataFileRead } from './dataFile.ts';

export interface MemoryStoreOptions {
  /** `config:mem.persist`: write the data to `dataDir` and read it back at the next `init`. */
  persist?: boolean;
  /** Where a persistent store keeps its file. Required with `persist`. */
  dataDir?: string;
  /** `config:mem.syncDelay`: ms between a commit and the sync to disk; unset or 0 = sync within the commit. */
  syncDelay?: number;
}

/** One committed change, kept while a SNAPSHOT or SERIALIZABLE transaction begun earlier is open. */
interface CommitRecord {
  readonly version: number;
  readonly changes: readonly (readonly [quad: IdQuad, flags: number, removed: boolean])[];
}

/** Dead rows tolerated before a compaction: a quarter of the table, and at least this many. */
const COMPACT_MIN_DEAD = 4096;

export class MemoryStore implements Sail, TransactionHost, PersistenceHost {
  readonly supportedIsolationLevels: readonly IsolationLevel[] = ISOLATION_LEVELS;
  readonly defaultIsolationLevel: IsolationLevel = 'SNAPSHOT_READ';
  readonly values = new MemoryValueStore();
  readonly quads = new QuadSet();
  /** The latest committed version. */
  version = 0;
  namespaces: ReadonlyMap<string, string> = new Map();
  private readonly connections = new Set<MemoryConnection>();
  private readonly transactions = new Set<Transaction>();
  private log: CommitRecord[] = [];
  /** Dead rows the last compaction had to keep for open snapshots. */
  private pinnedDead = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly persistence: Persistence | undefined;
  private loaded: Promise<void> | undefined;

  constructor(options: MemoryStoreOptions = {}) {
    if (options.persist) {
      if (!options.dataDir) throw new SailError('a persistent MemoryStore needs a dataDir');
      this.persistence = new Persistence(this, options.dataDir, options.syncDelay ?? 0);
    }
  }

  /** Reads the data file of a persistent store, once: a second `init` is a no-op. */
  async init(): Promise<void> {
    this.loaded ??= this.persistence?.load() ?? Promise.resolve();
    await this.loaded;
  }

  async shutdown(): Promise<void> {
    for (const connection of [...this.connections]) connection.close();
    await this.exclusive(async () => this.persistence?.close());
  }

  /** @internal Persistence fills the empty store from its file. */
  restore({ keys, namespaces, quads, flags }: DataFileRead): void {
    this.values.restore(keys);
    this.namespaces = namespaces;
    const table = this.quads.table;
    table.reserve(flags.length);
    for (let i = 0; i < flags.length; i++) table.append(quads[4 * i], quads[4 * i + 1], quads[4 * i + 2], quads[4 * i + 3], flags[i], 0);
  }

  connection(): MemoryConnection {
    const connection = new MemoryConnection(this);
    this.connections.add(connection);
    return connection;
  }

  /** @internal Connections call these. */
  forget(connection: MemoryConnection): void {
    this.connections.delete(connection);
  }

  openTransaction(level: IsolationLevel, listeners: readonly ChangeListener[]): Transaction {
    const txn = new Transaction(this, level, listeners);
    this.transactions.add(txn);
    return txn;
  }

  endTransaction(txn: Transaction): void {
    this.transactions.delete(txn);
    // Its snapshot no longer pins dead rows: let the next commit reconsider them.
    if (SNAPSHOT_LEVELS.has(txn.level)) this.pinnedDead = 0;
    this.pruneLog();
  }

  /** Throws `ConflictError` when a commit made since `txn` began conflicts with it (see transaction.ts). */
  checkConflicts(txn: Transaction): void {
    // Snapshot reads make a read-only transaction serializable at its start: nothing to check.
    if (!SNAPSHOT_LEVELS.has(txn.level) || !txn.writes()) return;
    for (const record of this.log) {
      if (record.version <= txn.startVersion) continue;
      for (const [q, flags, removed] of record.changes) {
        const explicit = !(flags & INFERRED);
        if (explicit && removed && (txn.removed.find(q, 0) >= 0 || txn.added.find(q, 0) >= 0)) {
          throw new ConflictError(`write conflict: ${this.show(q)} was removed by a concurrent transaction`);
        }
        if (txn.level === 'SERIALIZABLE') {
          for (const pattern of txn.observed.values()) {
            if (matches(pattern, q)) {
              throw new ConflictError(`serialization conflict: a concurrent transaction changed ${this.show(q)}, which this transaction read`);
            }
          }
        }
      }
    }
  }

  /** Makes the transaction's changes the next version, all or nothing. */
  commit(txn: Transaction): Promise<void> {
    return this.exclusive(async () => {
      this.checkConflicts(txn);
      const version = this.version + 1;
      const logged = [...this.transactions].some((t) => t !== txn && SNAPSHOT_LEVELS.has(t.level));
      const { changed, changes, undo } = this.apply(txn, version, logged);
      const namespaces = txn.namespacesCleared || txn.namespaceChanges.size > 0 ? txn.namespaces() : this.namespaces;
      if (changed || namespaces !== this.namespaces) {
        try {
          await this.persistence?.committed(version, namespaces);
        } catch (error) {
          undo();
          throw error;
        }
        this.version = version;
        this.namespaces = namespaces;
        if (logged) this.log.push({ version, changes });
      }
      this.endTransaction(txn);
      this.compactIfWorthIt();
    });
  }

  /**
   * Writes the transaction's rows at `version` (invisible until `this.version`
   * reaches it); lists the changes when an open snapshot transaction will need them.
   */
  private apply(txn: Transaction, version: number, logged: boolean): { changed: boolean; changes: CommitRecord['changes']; undo: () => void } {
    const table = this.quads.table;
    const pending = txn.added.table;
    // A load into an empty store: take the transaction's rows over instead of copying them.
    if (table.length === 0 && !logged && pending.length > pending.dead) {
      this.quads.adopt(txn.added, version);
      return { changed: true, changes: [], undo: () => txn.added.adopt(this.quads, 0) };
    }
    const killed: number[] = [];
    const appended: number[] = [];
    const changes: [IdQuad, number, boolean][] = [];
    for (const [q] of txn.pendingRows('removed')) {
      const row = this.quads.find(q, LATEST);
      if (row < 0) continue;
      table.kill(row, version);
      killed.push(row);
      if (logged) changes.push([q, table.flags[row], true]);
    }
    table.reserve(pending.length - pending.dead);
    for (const [q, flags] of txn.pendingRows('added')) {
      const row = this.quads.find(q, LATEST);
      if (row >= 0) {
        // Already there: keep it, unless an explicit statement replaces an inferred one.
        if (!(table.flags[row] & INFERRED) || flags & INFERRED) continue;
        table.kill(row, version);
        killed.push(row);
      }
      appended.push(this.quads.add(q, flags, version));
      if (logged) changes.push([q, flags, false]);
    }
    const undo = (): void => {
      for (const row of killed) table.revive(row);
      for (const row of appended) table.kill(row, version);
    };
    return { changed: killed.length + appended.length > 0, changes, undo };
  }

  /**
   * Drops rows no reader can see any more, once they are a good part of the
   * table. Rows an open snapshot still sees stay; they do not count towards the
   * next compaction, so a long transaction does not make every commit compact.
   */
  private compactIfWorthIt(): void {
    const table = this.quads.table;
    const worth = Math.max(COMPACT_MIN_DEAD, table.length >> 2);
    if (table.dead - this.pinnedDead < worth) return;
    let horizon = this.version;
    for (const txn of this.transactions) if (SNAPSHOT_LEVELS.has(txn.level)) horizon = Math.min(horizon, txn.startVersion);
    this.quads.compact(horizon);
    this.pinnedDead = table.dead;
  }

  /** Forgets commit records no open snapshot transaction began before. */
  private pruneLog(): void {
    let oldest = Infinity;
    for (const txn of this.transactions) if (SNAPSHOT_LEVELS.has(txn.level)) oldest = Math.min(oldest, txn.startVersion);
    this.log = this.log.filter((record) => record.version > oldest);
  }

  /** Runs `work` after every earlier commit has finished. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private show(q: IdQuad): string {
    return q.map((id) => termKey(this.values.term(id))).join(' ').trim();
  }
}

function matches(pattern: { s?: number; p?: number; o?: number; g?: number }, q: IdQuad): boolean {
  return (
    (pattern.s === undefined || pattern.s === q[0]) &&
    (pattern.p === undefined || pattern.p === q[1]) &&
    (pattern.o === undefined || pattern.o === q[2]) &&
    (pattern.g === undefined || pattern.g === q[3])
  );
}
