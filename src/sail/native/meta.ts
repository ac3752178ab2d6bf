/**
 * The NativeStore's commit records: the small transaction-status area read at
 * open (spec §2.3 NativeStore; `config:native.forceSync`).
 *
 * A commit becomes real when its record is written. The record names the roots
 * of every tree and the committed length of the value files, so whatever was
 * written after the newest valid record (pages, value bytes) is unreachable and
 * is ignored or truncated at open. Nothing is ever recovered by replay: opening
 * reads one record, and that is the whole recovery.
 *
 * Four 512-byte slots at the start of `pages.db` (page 0):
 *   slots 0, 1  every commit, alternating by transaction number;
 *   slots 2, 3  checkpoints: written only after the pages and value files the
 *               record names were fsynced, then fsynced themselves.
 * Which record wins at open:
 *   - the newest valid slot-0/1 record, if it was written since the machine
 *     last booted (its boot id equals the current one): a crashed *process*
 *     loses nothing the OS already holds;
 *   - otherwise (the machine restarted) the newest valid checkpoint: unsynced
 *     writes may have been lost with the OS, so only synced state is trusted.
 * Pages a checkpointed tree references are never reused before a newer
 * checkpoint (see `store.ts`), so a checkpoint's trees are always intact.
 *
 * Record layout (little-endian; CRC-32 of bytes 0..(n-4) in the last 4 bytes):
 *   0   8  magic "SVCNATV\0"
 *   8   4  format version (FORMAT_VERSION); a different version refuses to open
 *  12   8  transaction number (uint64 as float64-safe integer)
 *  20  36  boot id (ASCII, /proc/sys/kernel/random/boot_id)
 *  56   4  next free page id (pages ≥ it are unused)
 *  60   8  committed length of values.dat
 *  68   4  number of values (ids 1..n are allocated)
 *  72   4  root of the value hash tree
 *  76   4  root of the contexts tree
 *  80   4  first page of the namespace blob (0 = none)
 *  84   1  number of statement indexes k
 *  85  8k  per index: 4 ASCII letters (e.g. "spoc") + root page (uint32)
 *  ..   4  CRC-32
 */
import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';

export const FORMAT_VERSION = 1;
const MAGIC = Buffer.from('SVCNATV\0', 'latin1');
export const SLOT_SIZE = 512;
export const SLOT_COUNT = 4;

export interface IndexRoot {
  readonly order: string;
  readonly root: number;
}

export interface CommitRecord {
  readonly txn: number;
  readonly bootId: string;
  readonly nextPage: number;
  readonly valuesLength: number;
  readonly valueCount: number;
  readonly hashRoot: number;
  readonly contextsRoot: number;
  readonly namespacesPage: number;
  readonly indexes: readonly IndexRoot[];
}

/** The kernel's id for this boot; constant until the machine restarts. */
export function currentBootId(): string {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'latin1').trim().padEnd(36).slice(0, 36);
  } catch {
    return 'unknown-boot'.padEnd(36); // no boot id: every open trusts only checkpoints
  }
}

export function encodeRecord(record: CommitRecord): Buffer {
  const out = Buffer.alloc(SLOT_SIZE);
  MAGIC.copy(out, 0);
  out.writeUInt32LE(FORMAT_VERSION, 8);
  out.writeDoubleLE(record.txn, 12);
  out.write(record.bootId.padEnd(36).slice(0, 36), 20, 36, 'latin1');
  out.writeUInt32LE(record.nextPage, 56);
  out.writeDoubleLE(record.valuesLength, 60);
  out.writeUInt32LE(record.valueCount, 68);
  out.writeUInt32LE(record.hashRoot, 72);
  out.writeUInt32LE(record.contextsRoot, 76);
  out.writeUInt32LE(record.namespacesPage, 80);
  out.writeUInt8(record.indexes.length, 84);
  record.indexes.forEach((index, i) => {
    out.write(index.order, 85 + 8 * i, 4, 'latin1');
    out.writeUInt32LE(index.root, 89 + 8 * i);
  });
  const end = 85 + 8 * record.indexes.length;
  out.writeUInt32LE(crc32(out.subarray(0, end)), end);
  return out;
}

export class FormatVersionError extends Error {
  override readonly name = 'FormatVersionError';
}

/** The record in a slot, or undefined when the slot is empty, torn or damaged (bad magic or CRC). */
export function decodeRecord(slot: Buffer): CommitRecord | undefined {
  if (!slot.subarray(0, 8).equals(MAGIC)) return undefined;
  const count = slot.readUInt8(84);
  const end = 85 + 8 * count;
  if (end + 4 > slot.length || slot.readUInt32LE(end) !== crc32(slot.subarray(0, end))) return undefined;
  const version = slot.readUInt32LE(8);
  if (version !== FORMAT_VERSION) {
    throw new FormatVersionError(`store format version ${version}; this build reads version ${FORMAT_VERSION}`);
  }
  const indexes: IndexRoot[] = [];
  for (let i = 0; i < count; i++) {
    indexes.push({ order: slot.toString('latin1', 85 + 8 * i, 89 + 8 * i), root: slot.readUInt32LE(89 + 8 * i) });
  }
  return {
    txn: slot.readDoubleLE(12),
    bootId: slot.toString('latin1', 20, 56),
    nextPage: slot.readUInt32LE(56),
    valuesLength: slot.readDoubleLE(60),
    valueCount: slot.readUInt32LE(68),
    hashRoot: slot.readUInt32LE(72),
    contextsRoot: slot.readUInt32LE(76),
    namespacesPage: slot.readUInt32LE(80),
    indexes,
  };
}

/** Picks the record to open at, per the rule in this file's header; undefined for a new store. */
export function chooseRecord(slots: readonly (CommitRecord | undefined)[], bootId: string): CommitRecord | undefined {
  const newest = (records: (CommitRecord | undefined)[]): CommitRecord | undefined =>
    records.reduce<CommitRecord | undefined>((best, r) => (r && (!best || r.txn > best.txn) ? r : best), undefined);
  const latest = newest([slots[0], slots[1]]);
  const checkpoint = newest([slots[2], slots[3]]);
  if (latest && latest.bootId === bootId && (!checkpoint || latest.txn >= checkpoint.txn)) return latest;
  return checkpoint;
}
