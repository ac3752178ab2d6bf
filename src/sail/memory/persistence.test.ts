import t from 'tap';
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MemoryStore } from './store.ts';
import { DATA_FILE } from './persistence.ts';
import { SailError } from '../errors.ts';
import { blankNode, literal, namedNode, quad, termKey, type Quad } from '../../rdf/terms.ts';
import type { SailConnection } from '../sail.ts';

const ex = (n: string) => namedNode(`http://ex.org/${n}`);

async function scratch(t: { teardown(fn: () => unknown): void }): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'svc-mem-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function open(dir: string, syncDelay?: number): Promise<{ store: MemoryStore; conn: SailConnection }> {
  const store = new MemoryStore({ persist: true, dataDir: dir, syncDelay });
  await store.init();
  return { store, conn: store.connection() };
}

/** The statements as sorted N-Quads-like lines with their inferred flag. */
function dump(store: MemoryStore, conn: SailConnection): string[] {
  const explicit = new Set([...conn.match({}, false)].map((q) => q.join(' ')));
  return [...conn.match({})]
    .map((q) => q.map((id) => termKey(store.values.term(id))).join(' ') + (explicit.has(q.join(' ')) ? '' : ' (inferred)'))
    .sort();
}

const SAMPLE: Quad[] = [
  quad(ex('a'), ex('p'), literal('line\nbreak "quoted" \\ back')),
  quad(ex('a'), ex('p'), literal('chat', 'fr')),
  quad(ex('a'), ex('p'), literal('42', namedNode('http://www.w3.org/2001/XMLSchema#integer'))),
  quad(ex('a'), ex('p'), literal('日本語 ✓ 𝄞')),
  quad(blankNode('b1'), ex('p'), ex('a'), ex('g')),
  quad(ex('a'), ex('p'), blankNode('b1'), blankNode('g2')),
  quad(namedNode('_:not-a-blank-node'), ex('p'), namedNode('')),
];

t.test('statements, inferred flags and namespaces survive a shutdown and the next init', async (t) => {
  const dir = await scratch(t);
  const first = await open(dir);
  first.conn.begin();
  for (const q of SAMPLE) first.conn.addStatement(q);
  first.conn.addInferred(quad(ex('a'), ex('q'), ex('b')));
  first.conn.setNamespace('ex', 'http://ex.org/');
  await first.conn.commit();
  const before = dump(first.store, first.conn);
  t.equal(before.length, SAMPLE.length + 1);
  await first.store.shutdown();

  const second = await open(dir);
  await second.store.init();
  t.same(dump(second.store, second.conn), before, 'a second init changes nothing');
  t.same([...second.conn.namespaces()], [['ex', 'http://ex.org/']]);
  const lit = second.store.values.lookup(literal('line\nbreak "quoted" \\ back'));
  t.ok(lit, 'the literal reads back to the same term');
  await second.store.shutdown();
});

t.test('values no statement uses any more are not written, so a restart reclaims them', async (t) => {
  const dir = await scratch(t);
  const first = await open(dir);
  first.conn.begin();
  first.conn.addStatement(quad(ex('kept'), ex('p'), literal('stays')));
  first.conn.addStatement(quad(ex('gone'), ex('p'), literal('removed'), ex('g')));
  await first.conn.commit();
  first.conn.begin();
  first.conn.addStatement(quad(ex('never'), ex('p'), literal('rolled back')));
  first.conn.rollback();
  first.conn.begin();
  first.conn.removeStatements({ s: first.store.values.lookup(ex('gone')) });
  await first.conn.commit();
  await first.store.shutdown();
  const second = await open(dir);
  t.equal(second.store.values.size, 3, 'kept, p, "stays"');
  for (const term of [ex('gone'), literal('removed'), ex('g'), ex('never'), literal('rolled back')]) {
    t.equal(second.store.values.lookup(term), undefined, `${termKey(term)} dropped`);
  }
  t.same(dump(second.store, second.conn), ['<http://ex.org/kept> <http://ex.org/p> "stays" ']);
  await second.store.shutdown();
});

t.test('with syncDelay 0 a commit is on disk when it returns', async (t) => {
  const dir = await scratch(t);
  const { store, conn } = await open(dir);
  conn.begin();
  conn.addStatement(SAMPLE[0]!);
  await conn.commit();
  // Read by a second store while the first is still running.
  const other = await open(dir);
  t.equal(other.conn.size(), 1);
  await other.store.shutdown();
  await store.shutdown();
});

t.test('with a syncDelay commits are written later, and at shutdown', async (t) => {
  const dir = await scratch(t);
  const { store, conn } = await open(dir, 60_000);
  conn.begin();
  conn.addStatement(SAMPLE[0]!);
  await conn.commit();
  await t.rejects(stat(join(dir, DATA_FILE)), { code: 'ENOENT' }, 'not synced yet');
  await store.shutdown();
  const again = await open(dir);
  t.equal(again.conn.size(), 1, 'shutdown synced');
  await again.store.shutdown();

  const quick = await open(dir, 20);
  quick.conn.begin();
  quick.conn.addStatement(SAMPLE[1]!);
  await quick.conn.commit();
  await new Promise((resolve) => setTimeout(resolve, 300));
  const peek = await open(dir);
  t.equal(peek.conn.size(), 2, 'the delayed sync ran');
  await peek.store.shutdown();
  await quick.store.shutdown();
});

t.test('a commit whose write fails changes nothing and can be rolled back', async (t) => {
  const dir = await scratch(t);
  const { store, conn } = await open(dir);
  conn.begin();
  conn.addStatement(SAMPLE[0]!);
  await conn.commit();
  await mkdir(join(dir, DATA_FILE + '.tmp')); // the temporary file cannot be created
  conn.begin();
  conn.removeStatements({});
  conn.addStatement(SAMPLE[1]!);
  conn.setNamespace('ex', 'http://ex.org/');
  await t.rejects(conn.commit());
  const reader = store.connection();
  t.equal(reader.size(), 1);
  t.equal([...reader.match({})][0]![2], store.values.lookup(SAMPLE[0]!.object), 'the old statement is still there');
  t.equal(reader.getNamespace('ex'), undefined);
  conn.rollback();
  await rm(join(dir, DATA_FILE + '.tmp'), { recursive: true });
  await store.shutdown();
});

t.test('a failed first commit into an empty store leaves it empty and the transaction intact', async (t) => {
  const dir = await scratch(t);
  const { store, conn } = await open(dir);
  await mkdir(join(dir, DATA_FILE + '.tmp'));
  conn.begin();
  for (const q of SAMPLE) conn.addStatement(q);
  await t.rejects(conn.commit());
  t.equal(store.connection().size(), 0, 'nothing is visible');
  t.equal(conn.size(), SAMPLE.length, 'the transaction still sees its statements');
  await rm(join(dir, DATA_FILE + '.tmp'), { recursive: true });
  await conn.commit();
  t.equal(store.connection().size(), SAMPLE.length, 'the retried commit succeeds');
  await store.shutdown();
});

t.test('an unknown format version or a truncated file is refused and left alone', async (t) => {
  const dir = await scratch(t);
  const { store, conn } = await open(dir);
  conn.begin();
  for (const q of SAMPLE) conn.addStatement(q);
  await conn.commit();
  await store.shutdown();
  const path = join(dir, DATA_FILE);
  const good = await readFile(path);

  const future = Buffer.from(good);
  future.writeUInt32LE(99, 4);
  await writeFile(path, future);
  await t.rejects(open(dir), { name: 'SailError', message: /format version 99; this build reads version 1/ });
  t.same(await readFile(path), future, 'the file is untouched');

  await writeFile(path, good.subarray(0, good.length - 10));
  await t.rejects(open(dir), SailError);
  await t.rejects(open(dir), /truncated/);
});

t.test('killed at any moment of a sync, the store reopens at a committed state', async (t) => {
  const dir = await scratch(t);
  const child = fileURLToPath(new URL('./crash-writer.fixture.ts', import.meta.url));
  let previous = 0;
  for (let round = 0; round < 3; round++) {
    const proc = spawn(process.execPath, ['--import', 'tsx', child, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      proc.stdout.once('data', () => resolve());
      proc.once('exit', (code) => reject(new Error(`writer exited early (${code})`)));
    });
    await new Promise((resolve) => setTimeout(resolve, 30 + Math.random() * 300));
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill('SIGKILL');
    await exited;
    const { store, conn } = await open(dir);
    const size = conn.size();
    t.equal(size % 500, 0, `round ${round}: whole commits only (${size} statements)`);
    t.ok(size > previous, `round ${round}: the commits before the kill are kept`);
    previous = size;
    await store.shutdown();
  }
});
