/**
 * Statement indexes of the NativeStore (spec §2.3 NativeStore, index rules
 * 1–6): each index is a B-tree whose 16-byte key is the statement's four ids
 * in the index's field order (e.g. `posc`: predicate, object, subject,
 * context), big-endian, followed by one flag byte: 1 explicit or 2 inferred
 * (a statement is one or the other; adding it explicitly makes an inferred
 * statement explicit, as in RDF4J's stores).
 */
import type { Id, IdQuad, QuadPattern } from '../sail.ts';

export const RECORD_SIZE = 17;
export const KEY_SIZE = 16;
export const EXPLICIT = 1;
export const INFERRED = 2;

const FIELDS = ['s', 'p', 'o', 'c'] as const;
type Field = (typeof FIELDS)[number];
/** Position of each field in an IdQuad. */
const POSITION: Record<Field, number> = { s: 0, p: 1, o: 2, c: 3 };

export const DEFAULT_INDEXES = 'spoc,posc';

/** An index order such as `spoc`: `positions[i]` is the IdQuad position stored at key field i. */
export class IndexOrder {
  readonly positions: readonly number[];
  constructor(readonly name: string) {
    this.positions = [...name].map((f) => POSITION[f as Field]);
  }

  /** The record of a statement in this index. */
  encode(quad: IdQuad, flags: number, record: Buffer = Buffer.allocUnsafe(RECORD_SIZE)): Buffer {
    for (let i = 0; i < 4; i++) record.writeUInt32BE(quad[this.positions[i]!]!, i * 4);
    record[16] = flags;
    return record;
  }

  /** The statement of the record at `offset` (key fields back into s, p, o, c order). */
  decode(page: Buffer, offset: number): [s: Id, p: Id, o: Id, g: Id] {
    const quad: [Id, Id, Id, Id] = [0, 0, 0, 0];
    for (let i = 0; i < 4; i++) quad[this.positions[i]!] = page.readUInt32BE(offset + i * 4);
    return quad;
  }

  /** How many leading key fields the pattern binds: the index serves the pattern as a range of that prefix. */
  boundPrefix(pattern: QuadPattern): number {
    const values = patternValues(pattern);
    let n = 0;
    while (n < 4 && values[this.positions[n]!] !== undefined) n++;
    return n;
  }

  /** The inclusive key range [low, high] covering the pattern's bound prefix. */
  range(pattern: QuadPattern): [low: Buffer, high: Buffer] {
    const values = patternValues(pattern);
    const low = Buffer.alloc(KEY_SIZE);
    const high = Buffer.alloc(KEY_SIZE, 0xff);
    for (let i = 0; i < this.boundPrefix(pattern); i++) {
      low.writeUInt32BE(values[this.positions[i]!]!, i * 4);
      high.writeUInt32BE(values[this.positions[i]!]!, i * 4);
    }
    return [low, high];
  }
}

export function patternValues(pattern: QuadPattern): readonly (Id | undefined)[] {
  return [pattern.s, pattern.p, pattern.o, pattern.g];
}

/**
 * Parses `config:native.tripleIndexes` (rule 2): 4-letter permutations of
 * s, p, o, c separated by commas, spaces and/or tabs.
 */
export function parseIndexList(spec: string): IndexOrder[] {
  const names = spec.split(/[\s,]+/).filter((n) => n.length > 0);
  if (names.length === 0) throw new Error(`no index in tripleIndexes "${spec}"`);
  const seen = new Set<string>();
  return names.map((raw) => {
    const name = raw.toLowerCase();
    if (name.length !== 4 || new Set(name).size !== 4 || ![...name].every((f) => (FIELDS as readonly string[]).includes(f))) {
      throw new Error(`invalid index "${raw}" in tripleIndexes: expected a permutation of s, p, o, c such as spoc`);
    }
    if (seen.has(name)) throw new Error(`index "${raw}" is listed twice in tripleIndexes`);
    seen.add(name);
    return new IndexOrder(name);
  });
}

/**
 * Index choice (rule 4), one line per case: the index whose key starts with
 * the most bound fields wins; ties go to the first listed. With no bound
 * prefix at all the first index serves a sequential scan, filtered.
 */
export function chooseIndex(indexes: readonly IndexOrder[], pattern: QuadPattern): IndexOrder {
  let best = indexes[0]!;
  let bestPrefix = best.boundPrefix(pattern);
  for (const index of indexes) {
    const prefix = index.boundPrefix(pattern);
    if (prefix > bestPrefix) {
      best = index;
      bestPrefix = prefix;
    }
  }
  return best;
}

/** Whether a statement satisfies the pattern's bound fields (those beyond the index prefix are checked here). */
export function matchesPattern(quad: readonly Id[], pattern: QuadPattern): boolean {
  return (
    (pattern.s === undefined || quad[0] === pattern.s) &&
    (pattern.p === undefined || quad[1] === pattern.p) &&
    (pattern.o === undefined || quad[2] === pattern.o) &&
    (pattern.g === undefined || quad[3] === pattern.g)
  );
}
