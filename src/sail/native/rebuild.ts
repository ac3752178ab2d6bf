/**
 * Index changes at open (spec §2.3 NativeStore, index rule 6): a configured
 * index the store lacks is built from an existing one; an index no longer
 * configured is dropped. No statement is lost: the new roots are committed
 * together, and until then the old ones stay the store's truth.
 */
import type { IdQuad } from '../sail.ts';
import type { PageAllocator } from './btree.ts';
import type { IndexOrder } from './indexes.ts';
import type { Roots, Trees } from './trees.ts';

export function rebuildIndexes(
  trees: Trees,
  roots: Roots,
  wanted: readonly IndexOrder[],
  pages: PageAllocator,
  progress: (message: string) => void = () => {},
): Roots {
  const current = new Map(trees.indexes.map((index, i) => [index.name, roots.statements[i]!]));
  const total = trees.size(roots, undefined, true);
  const statements = wanted.map((index) => current.get(index.name) ?? buildIndex(trees, roots, index, total, pages, progress));
  for (const [name, root] of current) {
    if (wanted.some((index) => index.name === name)) continue;
    progress(`dropping index ${name}`);
    for (const id of [...trees.statementTree.pages(root)]) pages.release(id);
  }
  return { statements, contexts: roots.contexts };
}

/** Reads every statement with its flags, sorts them in the new order, and bulk-builds the tree. */
function buildIndex(
  trees: Trees,
  roots: Roots,
  index: IndexOrder,
  total: number,
  pages: PageAllocator,
  progress: (message: string) => void,
): number {
  const source = trees.indexes[0]!;
  const records: Buffer[] = [];
  const step = Math.max(100_000, Math.ceil(total / 20));
  const read = (page: Buffer, offset: number): Buffer => index.encode(source.decode(page, offset) as IdQuad, page[offset + 16]!);
  for (const record of trees.statementTree.range(roots.statements[0]!, Buffer.alloc(16), Buffer.alloc(16, 0xff), read)) {
    records.push(record);
    if (records.length % step === 0) progress(`building index ${index.name}: read ${records.length} of ${total}`);
  }
  progress(`building index ${index.name}: sorting ${records.length} statements`);
  records.sort((a, b) => a.compare(b, 0, 16, 0, 16));
  const root = trees.statementTree.build(records, pages);
  progress(`building index ${index.name}: done`);
  return root;
}
