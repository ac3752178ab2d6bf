/**
 * `svc check DIR` and `svc export DIR` for NativeStore directories (spec §2.3
 * NativeStore): verify a store, and salvage what is readable from a damaged one.
 *
 * The check proves the invariants recovery relies on:
 * - every index holds the same statements with the same flags (equal counts
 *   and equal order-independent checksums), each index in strictly increasing
 *   key order, no statement without a flag;
 * - the context counts agree with the statements;
 * - every id in a statement resolves to a value, and every value is found
 *   again by looking its term up (the hash index is complete);
 * - no page is used by two trees, and none lies past the file's end.
 */
import type { Quad } from '../../rdf/terms.ts';
import type { Id } from '../sail.ts';
import { type IndexOrder, KEY_SIZE } from './indexes.ts';
import { NativeStore } from './store.ts';

export interface CheckReport {
  readonly statements: number;
  readonly values: number;
  readonly indexes: readonly string[];
  readonly problems: readonly string[];
}

interface IndexSummary {
  count: number;
  checksum: number;
  contexts: Map<Id, [explicit: number, total: number]>;
  ids: Set<Id>;
}

export async function checkStore(dataDir: string): Promise<CheckReport> {
  const store = new NativeStore({ dataDir, keepStoredIndexes: true, forceSync: false, checkpointInterval: 1 << 30 });
  await store.init();
  const problems: string[] = [];
  try {
    const summaries = store.trees.indexes.map((index, i) => summarize(store, index, store.head.statements[i]!, problems));
    const [first] = summaries;
    summaries.forEach((summary, i) => {
      const name = store.trees.indexes[i]!.name;
      if (first && (summary.count !== first.count || summary.checksum !== first.checksum)) {
        problems.push(`index ${name} holds ${summary.count} statements (checksum ${summary.checksum}); index ${store.trees.indexes[0]!.name} holds ${first.count} (checksum ${first.checksum})`);
      }
    });
    if (first) {
      checkContexts(store, first, problems);
      checkValues(store, first.ids, problems);
    }
    checkPages(store, problems);
    return { statements: first?.count ?? 0, values: store.values.count, indexes: store.trees.indexes.map((i) => i.name), problems };
  } finally {
    await store.shutdown();
  }
}

/**
 * Writes every statement that can still be read, index by index until one
 * reads through, skipping statements whose values cannot be decoded.
 * Returns how many statements were written and how many were lost.
 */
export async function exportStore(dataDir: string, write: (quad: Quad) => void): Promise<{ written: number; skipped: number }> {
  const store = new NativeStore({ dataDir, keepStoredIndexes: true, forceSync: false, checkpointInterval: 1 << 30 });
  await store.init();
  const conn = store.connection();
  let best = { written: 0, skipped: 0 };
  try {
    for (const [i, index] of store.trees.indexes.entries()) {
      const collected: Quad[] = [];
      let skipped = 0;
      try {
        const read = (page: Buffer, offset: number) => index.decode(page, offset);
        const all = store.trees.statementTree.range(store.head.statements[i]!, Buffer.alloc(KEY_SIZE), Buffer.alloc(KEY_SIZE, 0xff), read);
        for (const ids of all) {
          try {
            const [s, p, o, g] = ids.map((id) => conn.values.term(id));
            collected.push({ subject: s, predicate: p, object: o, graph: g } as Quad);
          } catch {
            skipped++;
          }
        }
      } catch {
        // This index is damaged past this point: keep what it gave if no other index does better.
      }
      if (collected.length > best.written) {
        best = { written: collected.length, skipped };
        if (i === store.trees.indexes.length - 1 || skipped === 0) {
          for (const quad of collected) write(quad);
          return best;
        }
      }
    }
    return best;
  } finally {
    conn.close();
    await store.shutdown();
  }
}

function summarize(store: NativeStore, index: IndexOrder, root: number, problems: string[]): IndexSummary {
  const summary: IndexSummary = { count: 0, checksum: 0, contexts: new Map(), ids: new Set() };
  const previous = Buffer.alloc(KEY_SIZE);
  const read = (page: Buffer, offset: number): [readonly number[], number, boolean] => {
    const ordered = page.compare(previous, 0, KEY_SIZE, offset, offset + KEY_SIZE) > 0 || summary.count === 0;
    page.copy(previous, 0, offset, offset + KEY_SIZE);
    return [index.decode(page, offset), page[offset + 16]!, ordered];
  };
  const low = Buffer.alloc(KEY_SIZE);
  const high = Buffer.alloc(KEY_SIZE, 0xff);
  for (const [quad, flags, ordered] of store.trees.statementTree.range(root, low, high, read)) {
    if (!ordered) problems.push(`index ${index.name}: keys out of order at statement ${summary.count}`);
    if (flags === 0 || flags > 3) problems.push(`index ${index.name}: statement ${quad.join(' ')} has flags ${flags}`);
    summary.count++;
    summary.checksum = (summary.checksum + mix(quad, flags)) >>> 0;
    const counts = summary.contexts.get(quad[3]!) ?? [0, 0];
    counts[0] += flags & 1;
    counts[1] += 1;
    summary.contexts.set(quad[3]!, counts);
    for (const id of quad) if (id !== 0) summary.ids.add(id);
  }
  return summary;
}

/** An order-independent fingerprint of one statement: the sum over all statements is compared between indexes. */
function mix(quad: readonly number[], flags: number): number {
  let h = 0x9e3779b9 ^ flags;
  for (const id of quad) {
    h = Math.imul(h ^ id, 0x85ebca6b);
    h ^= h >>> 13;
  }
  return h >>> 0;
}

function checkContexts(store: NativeStore, first: IndexSummary, problems: string[]): void {
  for (const [context, [explicit, total]] of first.contexts) {
    const stored = store.trees.size(store.head, context, true);
    const storedExplicit = store.trees.size(store.head, context, false);
    if (stored !== total || storedExplicit !== explicit) {
      problems.push(`context ${context}: counts say ${storedExplicit}/${stored} (explicit/all), statements say ${explicit}/${total}`);
    }
  }
  const listed = [...store.trees.contexts(store.head)].filter((c) => !first.contexts.has(c));
  if (listed.length > 0) problems.push(`contexts listed without statements: ${listed.join(', ')}`);
}

function checkValues(store: NativeStore, ids: Set<Id>, problems: string[]): void {
  for (const id of ids) {
    if (id > store.values.count) problems.push(`statement uses id ${id}, beyond the ${store.values.count} values`);
  }
  for (let id = 1; id <= store.values.count; id++) {
    try {
      const term = store.values.term(id);
      const found = store.values.lookup(term);
      if (found !== id) problems.push(`value ${id} (${term.value}) is found by lookup as ${found ?? 'nothing'}`);
    } catch (error) {
      problems.push(`value ${id} does not decode: ${(error as Error).message}`);
    }
  }
}

function checkPages(store: NativeStore, problems: string[]): void {
  const owner = new Map<number, string>();
  for (const [tree, page] of store.usedPages()) {
    const other = owner.get(page);
    if (other) problems.push(`page ${page} is used by both ${other} and ${tree}`);
    owner.set(page, tree);
    if (page >= store.pageCount) problems.push(`${tree} uses page ${page}, past the end of the store`);
  }
}
