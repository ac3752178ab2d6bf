import t from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BTree, type PageAllocator } from './btree.ts';
import { FIRST_TREE_PAGE, PageFile } from './pagefile.ts';

/** A transaction's allocator in miniature: fresh pages only, every page it made is its own. */
class TestPages implements PageAllocator {
  readonly mine = new Set<number>();
  readonly released = new Set<number>();
  constructor(private readonly file: PageFile) {}
  allocate(): number {
    const id = Math.max(this.file.pageCount, FIRST_TREE_PAGE);
    this.file.pageCount = id + 1;
    this.mine.add(id);
    return id;
  }
  release(id: number): void {
    this.released.add(id);
  }
  owns(id: number): boolean {
    return this.mine.has(id);
  }
}

const key = (a: number, b: number): Buffer => {
  const k = Buffer.alloc(8);
  k.writeUInt32BE(a, 0);
  k.writeUInt32BE(b, 4);
  return k;
};
const readPair = (page: Buffer, offset: number): string => `${page.readUInt32BE(offset)}:${page.readUInt32BE(offset + 4)}`;
const low = (a: number): Buffer => key(a, 0);
const high = (a: number): Buffer => key(a, 0xffffffff);

function withFile(run: (file: PageFile) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'svc-btree-'));
  const file = new PageFile(join(dir, 'pages.db'), 64, 1 << 20);
  try {
    run(file);
  } finally {
    file.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

t.test('random inserts and deletes agree with a sorted set, across splits and merges', async (t) => {
  withFile((file) => {
    const tree = new BTree(file, 8);
    const pages = new TestPages(file);
    const expected = new Set<string>();
    let root = 0;
    let seed = 7;
    const rand = (n: number): number => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n);
    for (let i = 0; i < 20000; i++) {
      const a = rand(200);
      const b = rand(500);
      if (rand(3) === 0) {
        root = tree.delete(root, key(a, b), pages);
        expected.delete(`${a}:${b}`);
      } else {
        root = tree.insert(root, key(a, b), pages);
        expected.add(`${a}:${b}`);
      }
    }
    const all = [...tree.range(root, key(0, 0), key(0xffffffff, 0xffffffff), readPair)];
    const sorted = [...expected].sort((x, y) => {
      const [xa, xb] = x.split(':').map(Number);
      const [ya, yb] = y.split(':').map(Number);
      return xa! - ya! || xb! - yb!;
    });
    t.same(all, sorted, 'a full scan yields exactly the live keys in order');
    const prefix = [...tree.range(root, low(42), high(42), readPair)];
    t.same(prefix, sorted.filter((k) => k.startsWith('42:')), 'a prefix scan yields that prefix only');
    t.ok(tree.leafCapacity < expected.size, 'the tree is deep enough to have split');
    // Delete everything: the tree must shrink back to empty.
    for (const k of sorted) {
      const [a, b] = k.split(':').map(Number);
      root = tree.delete(root, key(a!, b!), pages);
    }
    t.equal(root, 0, 'deleting every key leaves the empty tree');
  });
});

t.test('copy-on-write: an old root still reads its own snapshot after later changes', async (t) => {
  withFile((file) => {
    const tree = new BTree(file, 8);
    const first = new TestPages(file);
    let root = 0;
    for (let i = 0; i < 3000; i++) root = tree.insert(root, key(i, i), first);
    const snapshot = root;
    const second = new TestPages(file); // a new transaction owns none of the committed pages
    for (let i = 0; i < 3000; i += 2) root = tree.delete(root, key(i, i), second);
    root = tree.insert(root, key(5000, 1), second);
    t.equal([...tree.range(snapshot, key(0, 0), key(9999, 0), readPair)].length, 3000, 'old snapshot unchanged');
    t.equal([...tree.range(root, key(0, 0), key(9999, 0), readPair)].length, 1501, 'new root sees the changes');
    t.ok(second.released.size > 0, 'copied pages are released for reuse');
  });
});

t.test('bulk build equals inserting one by one; estimates track real counts', async (t) => {
  withFile((file) => {
    const tree = new BTree(file, 8);
    const pages = new TestPages(file);
    const records: Buffer[] = [];
    for (let a = 0; a < 300; a++) for (let b = 0; b < (a % 10 === 0 ? 400 : 20); b++) records.push(key(a, b));
    const root = tree.build(records, pages);
    t.equal([...tree.range(root, key(0, 0), key(999, 0), readPair)].length, records.length);
    t.equal(tree.estimate(root, low(3), high(3)), 20, 'a range inside one or a few leaves is counted exactly');
    const big = tree.estimate(root, low(0), high(99));
    const real = [...tree.range(root, low(0), high(99), readPair)].length;
    t.ok(big > real / 3 && big < real * 3, `estimate ${big} within 3× of ${real}`);
    t.equal(tree.estimate(root, low(1000), high(1000)), 0, 'an empty range estimates 0');
    t.throws(() => tree.build([key(2, 2), key(1, 1)], pages), /sorted/);
  });
});

t.test('every page of the tree is reachable exactly once', async (t) => {
  withFile((file) => {
    const tree = new BTree(file, 8);
    const pages = new TestPages(file);
    let root = 0;
    for (let i = 0; i < 5000; i++) root = tree.insert(root, key(i % 97, i), pages);
    const seen = [...tree.pages(root)];
    t.equal(new Set(seen).size, seen.length, 'no page twice');
    const live = [...pages.mine].filter((id) => !pages.released.has(id));
    t.same(seen.sort((a, b) => a - b), live.sort((a, b) => a - b), 'the reachable pages are the allocated, unreleased ones');
  });
});
