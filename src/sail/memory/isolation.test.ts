/**
 * Spec §4.12 isolation levels on the MemoryStore: which anomalies each level
 * allows and which it prevents, each played by two concurrent connections
 * (scenarios in `../compliance.ts`). Stronger than required in two places:
 * no level reads uncommitted data (every level buffers its writes), and
 * SNAPSHOT already prevents lost updates (first committer wins).
 */
import t from 'tap';
import { MemoryStore } from './store.ts';
import { ex, isolationTable, write } from '../compliance.ts';
import { literal, quad } from '../../rdf/terms.ts';

const open = async () => new MemoryStore();

isolationTable(open);

t.test('a failed commit changes nothing', async (t) => {
  const store = new MemoryStore();
  const [a, b] = [store.connection(), store.connection()];
  await write(a, () => a.addStatement(quad(ex('x'), ex('p'), literal('1'))));
  a.begin('SNAPSHOT');
  b.begin('SNAPSHOT');
  a.removeStatements({});
  b.removeStatements({});
  b.addStatement(quad(ex('x'), ex('p'), literal('2')));
  b.setNamespace('ex', 'http://ex.org/');
  await a.commit();
  await t.rejects(b.commit(), { name: 'ConflictError' });
  const reader = store.connection();
  t.equal(reader.size(), 0, 'only the first commit took effect');
  t.equal(reader.getNamespace('ex'), undefined);
  b.rollback();
});

t.test('compaction after a large removal neither disturbs an open reader nor a SNAPSHOT transaction', async (t) => {
  const store = new MemoryStore();
  const [a, b] = [store.connection(), store.connection()];
  await write(a, () => {
    for (let i = 0; i < 10000; i++) a.addStatement(quad(ex(`s${i}`), ex('p'), literal(String(i))));
  });
  const reader = store.connection().match({ p: store.values.lookup(ex('p')) })[Symbol.iterator]();
  reader.next();
  b.begin('SNAPSHOT');
  t.equal(b.size(), 10000);
  await write(a, () => a.clear());
  t.equal(a.size(), 0);
  t.equal(b.size(), 10000, 'the snapshot transaction still sees every statement');
  let rest = 0;
  for (let r = reader.next(); !r.done; r = reader.next()) rest++;
  t.equal(rest, 9999, 'the open reader finished its version');
  await b.commit();
  await write(a, () => a.addStatement(quad(ex('x'), ex('p'), ex('y'))));
  await write(a, () => a.clear());
  t.ok(store.quads.table.length < 10000, 'once no reader needs them, the dead rows are dropped');
  t.equal(a.size(), 0);
});
