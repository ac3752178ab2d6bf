import t from 'tap';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SpillableRows, type Row } from './spill.ts';

function scratch(t: { teardown(fn: () => void): void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-spill-test-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Rows with a deterministic spread of values, unbound slots, negatives and large ids. */
function sampleRows(n: number): Row[] {
  const rows: Row[] = [];
  let x = 17;
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    rows.push([x % 97, i % 5 === 0 ? undefined : x, i - 500, 2 ** 32 - 1 - i]);
  }
  return rows;
}

const byFirstThenSecond = (a: Row, b: Row) => (a[0]! - b[0]!) || ((a[1] ?? -1) - (b[1] ?? -1));

t.test('without a threshold rows stay in memory, in insertion order', async (t) => {
  const rows = new SpillableRows(4);
  const input = sampleRows(1000);
  for (const row of input) rows.push(row);
  t.equal(rows.spilled, false);
  t.same([...rows], input);
  rows.close();
});

t.test('past the threshold rows move to disk and read back in insertion order, twice', async (t) => {
  const dir = scratch(t);
  const rows = new SpillableRows(4, { threshold: 100, directory: dir });
  const input = sampleRows(1050);
  for (const row of input) rows.push(row);
  t.equal(rows.spilled, true);
  t.equal(rows.size, 1050);
  t.equal(readdirSync(dir).length, 1, 'one temporary directory');
  t.same([...rows], input, 'values, unbound slots, negatives and large numbers survive');
  t.same([...rows].length, 1050, 'readable again');
  rows.close();
  t.same(readdirSync(dir), [], 'close removed the temporary file');
});

t.test('with an order, spilled runs and memory merge into sorted output', async (t) => {
  const dir = scratch(t);
  const rows = new SpillableRows(4, { threshold: 64, compare: byFirstThenSecond, directory: dir });
  const input = sampleRows(2000);
  for (const row of input) rows.push(row);
  const expected = [...input].sort(byFirstThenSecond);
  const got = [...rows];
  t.equal(got.length, 2000);
  t.same(got.map((r) => [r[0], r[1]]), expected.map((r) => [r[0], r[1]]));
  rows.close();
});

t.test('aborting the query deletes the temporary file', async (t) => {
  const dir = scratch(t);
  const controller = new AbortController();
  const rows = new SpillableRows(2, { threshold: 10, signal: controller.signal, directory: dir });
  for (let i = 0; i < 50; i++) rows.push([i, i]);
  t.equal(readdirSync(dir).length, 1);
  controller.abort();
  t.same(readdirSync(dir), []);
  t.throws(() => rows.push([1, 2]), /closed/);
  t.throws(() => [...rows], /closed/);
});

t.test('a row of the wrong width is refused', async (t) => {
  const rows = new SpillableRows(3);
  t.throws(() => rows.push([1, 2]), RangeError);
  rows.close();
});
