/**
 * Spec §4.12 isolation levels, shown with two concurrent connections per level:
 * which anomalies each level allows and which it prevents.
 */
import t from 'tap';
import { MemoryStore } from './store.ts';
import { ISOLATION_LEVELS, type IsolationLevel, type SailConnection } from '../sail.ts';
import { ConflictError, UnsupportedIsolationLevelError } from '../errors.ts';
import { literal, namedNode, quad } from '../../rdf/terms.ts';

const ex = (n: string) => namedNode(`http://ex.org/${n}`);
const SNAPSHOT_OR_STRONGER: readonly IsolationLevel[] = ['SNAPSHOT', 'SERIALIZABLE'];

async function setup(...statements: ReturnType<typeof quad>[]): Promise<{ store: MemoryStore; a: SailConnection; b: SailConnection }> {
  const store = new MemoryStore();
  await store.init();
  const a = store.connection();
  const b = store.connection();
  a.begin();
  for (const st of statements) a.addStatement(st);
  await a.commit();
  return { store, a, b };
}

/** The counter's values as the connection sees them. */
function counter(store: MemoryStore, conn: SailConnection): string[] {
  const p = store.values.lookup(ex('value'));
  return [...conn.match({ p })].map((q) => store.values.term(q[2]).value).sort();
}

for (const level of ISOLATION_LEVELS) {
  t.test(`${level}: no dirty read — uncommitted changes of another connection stay invisible`, async (t) => {
    const { a, b } = await setup();
    a.begin();
    a.addStatement(quad(ex('x'), ex('p'), ex('y')));
    b.begin(level);
    t.equal(b.size(), 0);
    a.rollback();
    await b.commit();
  });

  t.test(`${level}: non-repeatable read ${SNAPSHOT_OR_STRONGER.includes(level) ? 'prevented' : 'allowed'}`, async (t) => {
    const { a, b } = await setup(quad(ex('x'), ex('p'), ex('y')));
    b.begin(level);
    t.equal(b.size(), 1);
    a.begin();
    a.addStatement(quad(ex('x'), ex('p'), ex('z')));
    await a.commit();
    t.equal(b.size(), SNAPSHOT_OR_STRONGER.includes(level) ? 1 : 2);
    await b.commit();
    t.equal(b.size(), 2, 'after its commit the connection sees the latest state');
  });

  t.test(`${level}: lost update ${SNAPSHOT_OR_STRONGER.includes(level) ? 'prevented' : 'allowed'}`, async (t) => {
    const { store, a, b } = await setup(quad(ex('counter'), ex('value'), literal('1')));
    const increment = (conn: SailConnection) => {
      const seen = Number(counter(store, conn)[0]);
      conn.removeStatements({ s: store.values.lookup(ex('counter')), p: store.values.lookup(ex('value')) });
      conn.addStatement(quad(ex('counter'), ex('value'), literal(String(seen + 1))));
    };
    a.begin(level);
    b.begin(level);
    increment(a);
    increment(b);
    await a.commit();
    if (SNAPSHOT_OR_STRONGER.includes(level)) {
      await t.rejects(b.commit(), ConflictError);
      t.equal(b.active, true, 'the failed transaction is still open, for rollback');
      t.same(counter(store, store.connection()), ['2'], 'the failed commit changed nothing');
      b.rollback();
    } else {
      await b.commit();
      t.same(counter(store, b), ['2'], 'two increments, one lost');
    }
  });

  t.test(`${level}: write skew ${level === 'SERIALIZABLE' ? 'prevented' : 'allowed'}`, async (t) => {
    const onCall = (who: string) => quad(ex(who), ex('onCall'), literal('true'));
    const { store, a, b } = await setup(onCall('alice'), onCall('bob'));
    const pOnCall = store.values.lookup(ex('onCall'))!;
    // Each doctor leaves if someone else is still on call.
    const leave = (conn: SailConnection, who: string) => {
      if ([...conn.match({ p: pOnCall })].length >= 2) conn.removeStatements({ s: store.values.lookup(ex(who)), p: pOnCall });
    };
    a.begin(level);
    b.begin(level);
    leave(a, 'alice');
    leave(b, 'bob');
    await a.commit();
    if (level === 'SERIALIZABLE') {
      await t.rejects(b.commit(), ConflictError);
      b.rollback();
      t.equal(store.connection().size(), 1, 'one doctor stays on call');
    } else {
      // Under the non-snapshot levels b re-reads nothing, so it too commits.
      await b.commit();
      t.equal(store.connection().size(), 0, 'nobody is on call');
    }
  });
}

t.test('a long-running reader keeps its snapshot while writers commit', async (t) => {
  const statements = Array.from({ length: 100 }, (_, i) => quad(ex(`s${i}`), ex('p'), literal(String(i))));
  const { a, b } = await setup(...statements);
  const reader = b.match({})[Symbol.iterator]();
  const first = reader.next();
  t.notOk(first.done);
  a.begin();
  a.clear();
  for (let i = 0; i < 5000; i++) a.addStatement(quad(ex(`new${i}`), ex('p'), ex('o')));
  await a.commit();
  let rest = 0;
  for (let r = reader.next(); !r.done; r = reader.next()) rest++;
  t.equal(rest + 1, 100, 'the reader saw exactly the statements of its version');
  t.equal(b.size(), 5000, 'a new read sees the new version');
});

t.test('a SNAPSHOT transaction sees its own changes over its snapshot', async (t) => {
  const { a, b } = await setup(quad(ex('x'), ex('p'), ex('y')));
  b.begin('SNAPSHOT');
  b.addStatement(quad(ex('x'), ex('p'), ex('mine')));
  a.begin();
  a.addStatement(quad(ex('x'), ex('p'), ex('theirs')));
  await a.commit();
  t.equal(b.size(), 2, 'its own addition plus the snapshot, not the concurrent one');
  await b.commit();
  t.equal(b.size(), 3);
});

t.test('an unknown isolation level is refused with the supported ones named', async (t) => {
  const { b } = await setup();
  t.throws(() => b.begin('CHAOS' as IsolationLevel), UnsupportedIsolationLevelError);
  t.throws(() => b.begin('CHAOS' as IsolationLevel), /CHAOS.*SNAPSHOT_READ/);
  t.equal(b.active, false);
});

t.test('compaction after a large removal neither disturbs an open reader nor a SNAPSHOT transaction', async (t) => {
  const statements = Array.from({ length: 10000 }, (_, i) => quad(ex(`s${i}`), ex('p'), literal(String(i))));
  const { store, a, b } = await setup(...statements);
  const reader = store.connection().match({ p: store.values.lookup(ex('p')) })[Symbol.iterator]();
  reader.next();
  b.begin('SNAPSHOT');
  t.equal(b.size(), 10000);
  a.begin();
  a.clear();
  await a.commit();
  t.equal(a.size(), 0);
  t.equal(b.size(), 10000, 'the snapshot transaction still sees every statement');
  let rest = 0;
  for (let r = reader.next(); !r.done; r = reader.next()) rest++;
  t.equal(rest, 9999, 'the open reader finished its version');
  await b.commit();
  a.begin();
  a.addStatement(quad(ex('x'), ex('p'), ex('y')));
  await a.commit();
  a.begin();
  a.clear();
  await a.commit();
  t.ok(store.quads.table.length < 10000, 'once no reader needs them, the dead rows are dropped');
  t.equal(a.size(), 0);
});
