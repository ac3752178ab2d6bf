/**
 * Store errors (spec §4.12–4.13, §7): typed so the server can map each to its
 * status — a write conflict to 409, an unsupported isolation level or an
 * invalid statement to 400, a misuse of the transaction lifecycle to 400/404.
 */
import type { IsolationLevel } from './sail.ts';

/** The base of every store error. */
export class SailError extends Error {
  override readonly name: string = 'SailError';
}

/** `begin` asked for an isolation level the store does not offer (spec §4.12: stores need not support all). */
export class UnsupportedIsolationLevelError extends SailError {
  override readonly name = 'UnsupportedIsolationLevelError';
  constructor(
    readonly level: string,
    readonly supported: readonly IsolationLevel[],
  ) {
    super(`unsupported isolation level ${level}; supported: ${supported.join(', ')}`);
  }
}

/**
 * A concurrent transaction committed a change this one conflicts with
 * (SNAPSHOT: both wrote the same statement; SERIALIZABLE: it changed what this
 * one read). The commit changed nothing; the caller should roll back (409).
 */
export class ConflictError extends SailError {
  override readonly name = 'ConflictError';
}

/** A statement that RDF does not allow: literal subject, non-IRI predicate, literal context… Names the bad term. */
export class InvalidStatementError extends SailError {
  override readonly name = 'InvalidStatementError';
}

/** A write with no active transaction, a second `begin`, a commit with nothing to commit, a closed connection. */
export class TransactionStateError extends SailError {
  override readonly name = 'TransactionStateError';
}
