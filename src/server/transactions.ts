/**
 * §4.12–4.14 the open transactions: each is a resource with a random UUID,
 * holding one repository connection with an active transaction. Requests on
 * one transaction run one after another (queued, as RDF4J's single-thread
 * executor does); an idle transaction expires after `idleTimeoutMs` and is
 * rolled back. A request on an ended transaction is told why it ended (§7).
 */
import { randomUUID } from 'node:crypto';
import type { Repository, RepositoryConnection } from '../repository/api.ts';
import type { IsolationLevel, TransactionSettings } from '../sail/sail.ts';
import { malformedParameter, unknownTransaction } from '../protocol/errors.ts';

export type EndReason = 'committed' | 'rolled back' | 'expired';

export class Transaction {
  /** The tail of the queue of requests on this transaction. */
  #queue: Promise<unknown> = Promise.resolve();
  #running = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    readonly id: string,
    readonly repositoryId: string,
    readonly connection: RepositoryConnection,
    private readonly registry: TransactionRegistry,
  ) {}

  /** Runs `work` after every earlier request on this transaction has finished. */
  run<T>(work: () => Promise<T>): Promise<T> {
    this.#running++;
    this.#stopTimer();
    const result = this.#queue.then(() => this.registry.check(this), () => this.registry.check(this)).then(work);
    this.#queue = result.then(
      () => this.#settled(),
      () => this.#settled(),
    );
    return result;
  }

  #settled(): void {
    this.#running--;
    if (this.#running === 0) this.#startTimer();
  }

  #startTimer(): void {
    if (!this.registry.isOpen(this) || this.registry.idleTimeoutMs <= 0) return;
    this.#timer = setTimeout(() => void this.registry.expire(this), this.registry.idleTimeoutMs);
    this.#timer.unref();
  }

  #stopTimer(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** Starts the idle clock (after begin). */
  touch(): void {
    this.#stopTimer();
    if (this.#running === 0) this.#startTimer();
  }

  dispose(): void {
    this.#stopTimer();
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How many ended ids are remembered so a late request can be told why (oldest forgotten first). */
const REMEMBERED_ENDINGS = 10_000;

export class TransactionRegistry {
  readonly #open = new Map<string, Transaction>();
  readonly #ended = new Map<string, EndReason>();

  constructor(readonly idleTimeoutMs: number) {}

  async begin(repository: Repository, level?: IsolationLevel, settings?: TransactionSettings): Promise<Transaction> {
    const connection = await repository.connection();
    try {
      await connection.begin(level, settings);
    } catch (e) {
      await connection.close();
      throw e;
    }
    const txn = new Transaction(randomUUID(), repository.id, connection, this);
    this.#open.set(txn.id, txn);
    txn.touch();
    return txn;
  }

  /** The open transaction `id` of repository `repositoryId`; 404 naming why when it is not open. */
  get(repositoryId: string, id: string): Transaction {
    if (!UUID.test(id)) throw malformedParameter(`not a valid transaction id: ${id}`);
    const txn = this.#open.get(id);
    if (txn === undefined || txn.repositoryId !== repositoryId) {
      const reason = this.#ended.get(id);
      throw unknownTransaction(id, reason === undefined ? 'is not registered' : `was ${reason}`);
    }
    return txn;
  }

  isOpen(txn: Transaction): boolean {
    return this.#open.get(txn.id) === txn;
  }

  /** Fails a queued request whose transaction ended while it waited. */
  check(txn: Transaction): void {
    if (!this.isOpen(txn)) throw unknownTransaction(txn.id, `was ${this.#ended.get(txn.id) ?? 'ended'}`);
  }

  /** Deregisters after a successful commit or a rollback, and releases the connection. */
  async end(txn: Transaction, reason: EndReason): Promise<void> {
    if (!this.isOpen(txn)) return;
    this.#open.delete(txn.id);
    this.#ended.set(txn.id, reason);
    if (this.#ended.size > REMEMBERED_ENDINGS) this.#ended.delete(this.#ended.keys().next().value!);
    txn.dispose();
    try {
      if (reason !== 'committed') await txn.connection.rollback();
    } finally {
      await txn.connection.close();
    }
  }

  async expire(txn: Transaction): Promise<void> {
    await this.end(txn, 'expired').catch(() => undefined);
  }

  /** Rolls back every open transaction of a repository (before it is removed) or of all (at shutdown). */
  async closeAll(repositoryId?: string): Promise<void> {
    const victims = [...this.#open.values()].filter((t) => repositoryId === undefined || t.repositoryId === repositoryId);
    await Promise.all(victims.map((t) => this.end(t, 'rolled back').catch(() => undefined)));
  }

  get size(): number {
    return this.#open.size;
  }
}
