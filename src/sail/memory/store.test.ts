import t from 'tap';
import { MemoryStore } from './store.ts';
import { sailCompliance, ex, write } from '../compliance.ts';
import { literal, quad } from '../../rdf/terms.ts';

sailCompliance(async () => {
  const store = new MemoryStore();
  await store.init();
  return store;
});

t.test('estimate is exact for index prefixes when nothing was removed', async (t) => {
  const store = new MemoryStore();
  const conn = store.connection();
  await write(conn, () => {
    for (let i = 0; i < 50; i++) conn.addStatement(quad(ex('a'), ex(`p${i % 5}`), literal(String(i))));
  });
  const a = store.values.lookup(ex('a'))!;
  const p1 = store.values.lookup(ex('p1'))!;
  t.equal(conn.estimate({ s: a }), 50);
  t.equal(conn.estimate({ p: p1 }), 10);
  t.equal(conn.estimate({ s: a, p: p1 }), 10);
  t.equal(conn.estimate({}), 50);
});

t.test('many statements: compaction after removals keeps the survivors', async (t) => {
  const store = new MemoryStore();
  const conn = store.connection();
  await write(conn, () => {
    for (let i = 0; i < 30000; i++) conn.addStatement(quad(ex(`s${i % 1000}`), ex(`p${i % 7}`), literal(String(i))));
  });
  await write(conn, () => {
    for (let s = 0; s < 1000; s += 2) conn.removeStatements({ s: store.values.lookup(ex(`s${s}`))! });
  });
  t.ok(store.quads.table.length < 30000, 'dead rows were dropped');
  t.equal(conn.size(), 15000);
  const p3 = store.values.lookup(ex('p3'))!;
  const expected = [...conn.match({})].filter((q) => q[1] === p3).length;
  t.equal([...conn.match({ p: p3 })].length, expected);
});

t.test('a second commit while the first is under way is refused; the first completes', async (t) => {
  const store = new MemoryStore();
  const conn = store.connection();
  conn.begin();
  conn.addStatement(quad(ex('s'), ex('p'), ex('o')));
  const first = conn.commit();
  await t.rejects(conn.commit(), { name: 'TransactionStateError' });
  await first;
  t.equal(conn.active, false);
  t.equal(conn.size(), 1);
});
