/**
 * One version of the NativeStore's statements: the roots of its statement
 * indexes and of its contexts tree, with the reads and writes over them
 * (spec §2.3 NativeStore). A committed `Version` is immutable; a transaction
 * works on a `WorkingSet` that starts as a copy of a version's roots and
 * changes them copy-on-write through its own page session.
 *
 * The contexts tree keeps, per context id (key: uint32 BE; DEFAULT_GRAPH
 * included), the number of explicit statements and of all statements (two
 * uint32 BE): `contexts()` and `size()` never scan the statement indexes.
 */
import type { Id, IdQuad, QuadPattern } from '../sail.ts';
import { BTree, type PageAllocator } from './btree.ts';
import { chooseIndex, EXPLICIT, type IndexOrder, KEY_SIZE, matchesPattern, RECORD_SIZE } from './indexes.ts';
import type { PageFile } from './pagefile.ts';
import { radixOrder } from './sort.ts';

export interface Roots {
  readonly statements: readonly number[];
  readonly contexts: number;
}

const readFlags = (page: Buffer, offset: number): number => page[offset + 16]!;
const readCounts = (page: Buffer, offset: number): [context: Id, explicit: number, total: number] => [
  page.readUInt32BE(offset),
  page.readUInt32BE(offset + 4),
  page.readUInt32BE(offset + 8),
];

/** The statement and context trees of the store, addressed by roots. */
export class Trees {
  readonly statementTree: BTree;
  readonly contextTree: BTree;

  constructor(
    file: PageFile,
    readonly indexes: readonly IndexOrder[],
  ) {
    this.statementTree = new BTree(file, RECORD_SIZE, KEY_SIZE);
    this.contextTree = new BTree(file, 12, 4);
  }

  /** Statements matching the pattern, with their flags, from the best index for it. */
  *match(roots: Roots, pattern: QuadPattern, includeInferred: boolean): Generator<IdQuad> {
    const index = chooseIndex(this.indexes, pattern);
    const root = roots.statements[this.indexes.indexOf(index)]!;
    const [low, high] = index.range(pattern);
    const exact = index.boundPrefix(pattern) === countBound(pattern);
    const read = (page: Buffer, offset: number): IdQuad | undefined => {
      if (!includeInferred && (page[offset + 16]! & EXPLICIT) === 0) return undefined;
      const quad = index.decode(page, offset);
      return exact || matchesPattern(quad, pattern) ? quad : undefined;
    };
    for (const quad of this.statementTree.range(root, low, high, read)) if (quad) yield quad;
  }

  estimate(roots: Roots, pattern: QuadPattern): number {
    const index = chooseIndex(this.indexes, pattern);
    const root = roots.statements[this.indexes.indexOf(index)]!;
    const [low, high] = index.range(pattern);
    // Bound fields beyond the index prefix only filter the range: its size stays an upper bound.
    return this.statementTree.estimate(root, low, high);
  }

  /** The flags (EXPLICIT | INFERRED) of a statement, 0 when absent. */
  flags(roots: Roots, quad: IdQuad): number {
    const first = this.indexes[0]!;
    const key = first.encode(quad, 0);
    return this.statementTree.get(roots.statements[0]!, key, readFlags) ?? 0;
  }

  /** Sets a statement's flags in every index (0 deletes it) and keeps the context counts in step. */
  setFlags(roots: Roots, quad: IdQuad, before: number, after: number, pages: PageAllocator): Roots {
    const statements = this.indexes.map((index, i) => {
      const root = roots.statements[i]!;
      const record = index.encode(quad, after);
      return after === 0 ? this.statementTree.delete(root, record, pages) : this.statementTree.insert(root, record, pages);
    });
    const explicitDelta = (after & EXPLICIT) - (before & EXPLICIT);
    const totalDelta = (after !== 0 ? 1 : 0) - (before !== 0 ? 1 : 0);
    const contexts = this.adjustCounts(roots.contexts, quad[3], explicitDelta, totalDelta, pages);
    return { statements, contexts };
  }

  /** Whether the roots hold no statement at all. */
  isEmpty(roots: Roots): boolean {
    return roots.contexts === 0 && roots.statements.every((root) => root === 0);
  }

  /**
   * Bulk path into an empty store: every index is built bottom-up from the
   * statements sorted in its own order (duplicates dropped), and the context
   * counts are inserted once per context.
   */
  build(quads: Uint32Array, n: number, pages: PageAllocator): Roots {
    let counts = new Map<Id, number>();
    const statements = this.indexes.map((index, i) => {
      const order = radixOrder(quads, n, index.positions);
      const perContext = new Map<Id, number>();
      const scratch = Buffer.allocUnsafe(RECORD_SIZE);
      const records = function* (): Generator<Buffer> {
        let previous = -1;
        for (const q of order) {
          if (previous >= 0 && sameQuad(quads, previous, q)) continue;
          previous = q;
          const quad = quads.subarray(q * 4, q * 4 + 4) as unknown as IdQuad;
          perContext.set(quad[3], (perContext.get(quad[3]) ?? 0) + 1);
          yield index.encode(quad, EXPLICIT, scratch);
        }
      };
      const root = this.statementTree.build(records(), pages);
      if (i === 0) counts = perContext;
      return root;
    });
    let contexts = 0;
    for (const [context, count] of [...counts].sort((a, b) => a[0] - b[0])) {
      const record = Buffer.allocUnsafe(12);
      record.writeUInt32BE(context, 0);
      record.writeUInt32BE(count, 4);
      record.writeUInt32BE(count, 8);
      contexts = this.contextTree.insert(contexts, record, pages);
    }
    return { statements, contexts };
  }

  /** Contexts with at least one statement (explicit only when `includeInferred` is false). */
  *contexts(roots: Roots, includeInferred = true): Generator<Id> {
    for (const [context, explicit, total] of this.contextTree.range(roots.contexts, contextKey(1), contextKey(0xffffffff), readCounts)) {
      if ((includeInferred ? total : explicit) > 0) yield context;
    }
  }

  size(roots: Roots, context: Id | undefined, includeInferred: boolean): number {
    const low = contextKey(context ?? 0);
    const high = contextKey(context ?? 0xffffffff);
    let size = 0;
    for (const [, explicit, total] of this.contextTree.range(roots.contexts, low, high, readCounts)) {
      size += includeInferred ? total : explicit;
    }
    return size;
  }

  private adjustCounts(root: number, context: Id, explicitDelta: number, totalDelta: number, pages: PageAllocator): number {
    if (explicitDelta === 0 && totalDelta === 0) return root;
    const key = contextKey(context);
    const [, explicit, total] = this.contextTree.get(root, key, readCounts) ?? [context, 0, 0];
    const nextTotal = total + totalDelta;
    if (nextTotal === 0) return this.contextTree.delete(root, key, pages);
    const record = Buffer.allocUnsafe(12);
    record.writeUInt32BE(context, 0);
    record.writeUInt32BE(explicit + explicitDelta, 4);
    record.writeUInt32BE(nextTotal, 8);
    return this.contextTree.insert(root, record, pages);
  }
}

function contextKey(context: Id): Buffer {
  const key = Buffer.alloc(12);
  key.writeUInt32BE(context, 0);
  return key;
}

function sameQuad(quads: Uint32Array, a: number, b: number): boolean {
  return (
    quads[a * 4] === quads[b * 4] &&
    quads[a * 4 + 1] === quads[b * 4 + 1] &&
    quads[a * 4 + 2] === quads[b * 4 + 2] &&
    quads[a * 4 + 3] === quads[b * 4 + 3]
  );
}

function countBound(pattern: QuadPattern): number {
  return (
    (pattern.s === undefined ? 0 : 1) +
    (pattern.p === undefined ? 0 : 1) +
    (pattern.o === undefined ? 0 : 1) +
    (pattern.g === undefined ? 0 : 1)
  );
}

