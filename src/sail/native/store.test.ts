import t, { type Test } from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { df, type Quad } from '../../rdf/terms.ts';
import { ConflictError, InvalidStatementError, TransactionStateError } from '../errors.ts';
import { DEFAULT_GRAPH, type SailConnection } from '../sail.ts';
import { NativeStore, type NativeStoreOptions } from './store.ts';

const ex = (local: string) => df.namedNode(`http://example.org/${local}`);
const q = (s: string, p: string, o: string, g?: string): Quad =>
  df.quad(ex(s), ex(p), ex(o), g ? ex(g) : df.defaultGraph());

async function open(dir: string, options: Partial<NativeStoreOptions> = {}): Promise<NativeStore> {
  const store = new NativeStore({ dataDir: dir, ...options });
  await store.init();
  return store;
}

function tempDir(t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-native-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function write(conn: SailConnection, ...quads: Quad[]): Promise<void> {
  conn.begin();
  for (const quad of quads) conn.addStatement(quad);
  await conn.commit();
}

const terms = (conn: SailConnection, pattern = {}): string[] =>
  [...conn.match(pattern)].map((quad) => quad.map((id) => conn.values.term(id).value.replace('http://example.org/', '')).join(' ')).sort();

t.test('statements, contexts, sizes and namespaces survive a reopen', async (t) => {
  const dir = tempDir(t);
  let store = await open(dir, { forceSync: true });
  let conn = store.connection();
  await write(conn, q('a', 'p', 'b'), q('a', 'p', 'c', 'g1'), q('b', 'q', 'c', 'g2'));
  conn.begin();
  conn.setNamespace('ex', 'http://example.org/');
  await conn.commit();
  await store.shutdown();

  store = await open(dir);
  conn = store.connection();
  t.same(terms(conn), ['a p b ', 'a p c g1', 'b q c g2'], 'default-graph statements end in an empty context');
  t.equal(conn.size(), 3);
  t.equal(conn.size(DEFAULT_GRAPH), 1);
  const g1 = conn.values.lookup(ex('g1'))!;
  t.equal(conn.size(g1), 1);
  t.same([...conn.contexts()].map((id) => conn.values.term(id).value).sort(), [ex('g1').value, ex('g2').value]);
  t.equal(conn.getNamespace('ex'), 'http://example.org/');
  const p = conn.values.lookup(ex('p'))!;
  t.equal([...conn.match({ p })].length, 2, 'a predicate pattern uses posc');
  t.equal(conn.estimate({ p }), 2);
  await store.shutdown();
});

t.test('a transaction sees its own changes; others see them only after commit; rollback leaves nothing', async (t) => {
  const store = await open(tempDir(t));
  const writer = store.connection();
  const reader = store.connection();
  writer.begin();
  writer.addStatement(q('a', 'p', 'b'));
  t.equal(writer.size(), 1, 'own change visible');
  t.equal(reader.size(), 0, 'uncommitted change invisible to others');
  writer.rollback();
  t.equal(writer.size(), 0, 'rolled back');
  await write(writer, q('a', 'p', 'b'), q('a', 'p', 'c'));
  t.equal(reader.size(), 2, 'committed change visible');
  writer.begin();
  t.equal(writer.removeStatements({ o: writer.values.lookup(ex('b'))! }), 1);
  await writer.commit();
  t.same(terms(reader), ['a p c ']);
  await store.shutdown();
});

t.test('a statement is explicit or inferred; explicit wins', async (t) => {
  const store = await open(tempDir(t));
  const conn = store.connection();
  conn.begin();
  t.equal(conn.addInferred(q('x', 'p', 'y')), true);
  t.equal(conn.addInferred(q('x', 'p', 'y')), false, 'already inferred');
  conn.addStatement(q('a', 'p', 'b'));
  t.equal(conn.addInferred(q('a', 'p', 'b')), false, 'an explicit statement is not also inferred');
  await conn.commit();
  t.equal(conn.size(undefined, true), 2);
  t.equal(conn.size(undefined, false), 1, 'infer=false hides inferred statements');
  t.equal([...conn.match({}, false)].length, 1);
  conn.begin();
  conn.addStatement(q('x', 'p', 'y'));
  await conn.commit();
  t.equal(conn.size(undefined, false), 2, 'adding an inferred statement explicitly makes it explicit');
  conn.begin();
  t.equal(conn.removeInferred({}), 0, 'no inferred statement is left');
  t.equal(conn.removeStatements({}), 2);
  await conn.commit();
  t.equal(conn.size(undefined, true), 0);
  await store.shutdown();
});

t.test('invalid statements and writes outside a transaction are rejected and change nothing', async (t) => {
  const store = await open(tempDir(t));
  const conn = store.connection();
  t.throws(() => conn.addStatement(q('a', 'p', 'b')), TransactionStateError);
  conn.begin();
  t.throws(() => conn.addStatement(df.quad(df.literal('x') as never, ex('p'), ex('o'))), InvalidStatementError);
  t.throws(() => conn.addStatement(df.quad(ex('s'), df.blankNode('b') as never, ex('o'))), InvalidStatementError);
  await conn.commit();
  t.equal(conn.size(), 0);
  await store.shutdown();
});

t.test('SNAPSHOT: a lost update is a conflict; SNAPSHOT_READ: a later read sees the other commit', async (t) => {
  const store = await open(tempDir(t));
  const setup = store.connection();
  await write(setup, q('counter', 'value', 'v1'));
  const a = store.connection();
  const b = store.connection();
  a.begin('SNAPSHOT');
  b.begin('SNAPSHOT');
  const v1 = a.values.lookup(ex('v1'))!;
  a.removeStatements({ o: v1 });
  a.addStatement(q('counter', 'value', 'v2'));
  b.removeStatements({ o: v1 });
  b.addStatement(q('counter', 'value', 'v3'));
  await a.commit();
  await t.rejects(b.commit(), ConflictError, 'second writer of the same statement conflicts');
  b.rollback();
  t.same(terms(setup), ['counter value v2 ']);

  const c = store.connection();
  c.begin('SNAPSHOT_READ');
  t.equal(c.size(), 1);
  await write(setup, q('x', 'y', 'z'));
  t.equal(c.size(), 2, 'SNAPSHOT_READ sees the newer commit');
  c.addStatement(q('mine', 'p', 'o'));
  await write(setup, q('x2', 'y', 'z'));
  t.equal(c.size(), 4, 'own change replayed onto the newer version');
  await c.commit();
  t.equal(setup.size(), 4);
  await store.shutdown();
});

t.test('SERIALIZABLE: write skew is a conflict', async (t) => {
  const store = await open(tempDir(t));
  const setup = store.connection();
  await write(setup, q('alice', 'onCall', 'yes'), q('bob', 'onCall', 'yes'));
  const a = store.connection();
  const b = store.connection();
  a.begin('SERIALIZABLE');
  b.begin('SERIALIZABLE');
  const onCall = a.values.lookup(ex('onCall'))!;
  t.equal([...a.match({ p: onCall })].length, 2);
  t.equal([...b.match({ p: onCall })].length, 2);
  a.removeStatements({ s: a.values.lookup(ex('alice'))! });
  b.removeStatements({ s: b.values.lookup(ex('bob'))! });
  await a.commit();
  await t.rejects(b.commit(), ConflictError);
  b.rollback();
  t.equal(setup.size(), 1, 'one doctor stays on call');
  await store.shutdown();
});

t.test('changing the index list builds and drops indexes without losing data', async (t) => {
  const dir = tempDir(t);
  let store = await open(dir);
  const quads = Array.from({ length: 3000 }, (_, i) => q(`s${i % 50}`, `p${i % 7}`, `o${i}`, i % 3 ? `g${i % 5}` : undefined));
  await write(store.connection(), ...quads);
  await store.shutdown();
  const messages: string[] = [];
  store = await open(dir, { tripleIndexes: 'spoc, ospc\tcspo', progress: (m) => messages.push(m) });
  const conn = store.connection();
  t.equal(conn.size(), 3000);
  t.ok(messages.some((m) => m.includes('building index ospc')), 'progress reported');
  t.ok(messages.some((m) => m.includes('dropping index posc')));
  const o7 = conn.values.lookup(ex('o7'))!;
  t.same(terms(conn, { o: o7 }), [`s7 p0 o7 g2`]);
  const g2 = conn.values.lookup(ex('g2'))!;
  t.equal([...conn.match({ g: g2 })].length, conn.size(g2));
  await store.shutdown();
  t.rejects(open(dir, { tripleIndexes: 'spoc,spox' }), /invalid index "spox"/);
});

t.test('pages released by commits are reused: the file does not grow without bound', async (t) => {
  const dir = tempDir(t);
  const store = await open(dir, { forceSync: false });
  const conn = store.connection();
  for (let round = 0; round < 30; round++) {
    conn.begin();
    conn.removeStatements({});
    for (let i = 0; i < 500; i++) conn.addStatement(q(`s${i}`, 'p', `o${i}`));
    await conn.commit();
    store.checkpoint();
  }
  const { statSync } = await import('node:fs');
  const size = statSync(join(dir, 'pages.db')).size;
  t.ok(size < 2_000_000, `pages.db is ${size} bytes after 30 rewrites`);
  t.equal(conn.size(), 500);
  await store.shutdown();
});
