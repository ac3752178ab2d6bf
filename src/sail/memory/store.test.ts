import t from 'tap';
import { MemoryStore } from './store.ts';
import { DEFAULT_GRAPH, type IdQuad, type QuadPattern, type SailConnection } from '../sail.ts';
import { InvalidStatementError, TransactionStateError } from '../errors.ts';
import { blankNode, literal, namedNode, quad, defaultGraph, type Quad } from '../../rdf/terms.ts';

const ex = (n: string | number) => namedNode(`http://ex.org/${n}`);

/** A deterministic pseudo-random generator (tests must be reproducible). */
function random(seed: number): () => number {
  let x = seed;
  return () => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return x / 2 ** 32;
  };
}

function randomQuad(next: () => number): Quad {
  const pick = (n: number) => Math.floor(next() * n);
  const g = pick(3);
  return quad(ex(`s${pick(6)}`), ex(`p${pick(4)}`), pick(2) ? ex(`s${pick(6)}`) : literal(`v${pick(5)}`), g === 0 ? defaultGraph() : ex(`g${g}`));
}

const sortQuads = (qs: Iterable<IdQuad>) => [...qs].map((q) => q.join(' ')).sort();

async function write(conn: SailConnection, work: () => void): Promise<void> {
  conn.begin();
  work();
  await conn.commit();
}

t.test('every pattern of bound and unbound positions matches exactly what a scan finds', async (t) => {
  const store = new MemoryStore();
  await store.init();
  const conn = store.connection();
  const next = random(7);
  const model = new Map<string, IdQuad>();
  for (let round = 0; round < 6; round++) {
    await write(conn, () => {
      for (let i = 0; i < 80; i++) conn.addStatement(randomQuad(next));
      // Remove a few existing statements by exact pattern.
      for (const q of [...conn.match({})].slice(0, 10)) conn.removeStatements({ s: q[0], p: q[1], o: q[2], g: q[3] });
    });
  }
  for (const q of conn.match({})) model.set(q.join(' '), q);
  t.equal(model.size, conn.size(), 'size counts each statement once');
  const all = [...model.values()];
  let patterns = 0;
  for (const q of all.slice(0, 25)) {
    for (let mask = 0; mask < 16; mask++) {
      const pattern: QuadPattern = {
        ...(mask & 1 ? { s: q[0] } : {}),
        ...(mask & 2 ? { p: q[1] } : {}),
        ...(mask & 4 ? { o: q[2] } : {}),
        ...(mask & 8 ? { g: q[3] } : {}),
      };
      const expected = all.filter((x) => [0, 1, 2, 3].every((i) => !(mask & (1 << i)) || x[i] === q[i]));
      const got = sortQuads(conn.match(pattern));
      t.same(got, sortQuads(expected), `pattern mask ${mask}`);
      t.ok(conn.estimate(pattern) >= got.length, 'the estimate covers the matches');
      patterns++;
    }
  }
  t.equal(patterns, 400);
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

t.test('adding a statement twice stores it once; literals compare by term, not by spelling', async (t) => {
  const store = new MemoryStore();
  const conn = store.connection();
  await write(conn, () => {
    conn.addStatement(quad(ex('a'), ex('p'), literal('x')));
    conn.addStatement(quad(ex('a'), ex('p'), literal('x', namedNode('http://www.w3.org/2001/XMLSchema#string'))));
    conn.addStatement(quad(ex('a'), ex('p'), literal('x', 'EN')));
    conn.addStatement(quad(ex('a'), ex('p'), literal('x', 'en')));
  });
  await write(conn, () => conn.addStatement(quad(ex('a'), ex('p'), literal('x'))));
  t.equal(conn.size(), 2);
  const terms = [...conn.match({})].map((q) => store.values.term(q[2]));
  t.same(terms.map((x) => x.termType === 'Literal' && x.language).sort(), ['', 'en']);
});

t.test('explicit and inferred statements', async (t) => {
  const store = new MemoryStore();
  const conn = store.connection();
  const st = quad(ex('a'), ex('p'), ex('b'));
  conn.begin();
  t.equal(conn.addInferred(st), true, 'new inferred statement');
  t.equal(conn.addInferred(st), false, 'already there');
  await conn.commit();
  t.equal(conn.size(undefined, false), 0, 'hidden without inferred');
  t.equal(conn.size(undefined, true), 1);
  conn.begin();
  t.equal(conn.addInferred(st), false, 'already committed');
  conn.addStatement(st);
  await conn.commit();
  t.equal(conn.size(undefined, false), 1, 'an explicit statement replaces the inferred one');
  t.equal(conn.size(), 1);
  conn.begin();
  t.equal(conn.removeInferred({}), 0, 'no inferred statement is left');
  t.equal(conn.removeStatements({}), 1);
  await conn.commit();
  t.equal(conn.size(), 0);
});

t.test('contexts, size per context and clear', async (t) => {
  const store = new MemoryStore();
  const conn = store.connection();
  await write(conn, () => {
    conn.addStatement(quad(ex('a'), ex('p'), ex('b')));
    conn.addStatement(quad(ex('a'), ex('p'), ex('b'), ex('g1')));
    conn.addStatement(quad(ex('a'), ex('p'), ex('c'), ex('g1')));
    conn.addStatement(quad(ex('a'), ex('p'), ex('c'), blankNode('g2')));
  });
  const g1 = store.values.lookup(ex('g1'))!;
  t.equal([...conn.contexts()].length, 2);
  t.equal(conn.size(g1), 2);
  t.equal(conn.size(DEFAULT_GRAPH), 1);
  await write(conn, () => conn.clear([g1]));
  t.same([...conn.contexts()].map((g) => store.values.term(g).termType), ['BlankNode']);
  t.equal(conn.size(), 2);
  await write(conn, () => conn.clear());
  t.equal(conn.size(), 0);
  t.same([...conn.contexts()], []);
});

t.test('invalid statements are rejected whole and change nothing', async (t) => {
  const store = new MemoryStore();
  const conn = store.connection();
  conn.begin();
  const before = store.values.size;
  t.throws(() => conn.addStatement(quad(literal('x') as never, ex('p'), ex('o'))), InvalidStatementError);
  t.throws(() => conn.addStatement(quad(ex('s'), blankNode('p') as never, ex('o'))), /predicate.*_:p/);
  t.throws(() => conn.addStatement(quad(ex('s'), ex('p'), ex('o'), literal('g') as never)), /context/);
  t.equal(store.values.size, before, 'no term was interned');
  await conn.commit();
  t.equal(conn.size(), 0);
});

t.test('writes need a transaction; begin twice is an error; closed connections refuse work', async (t) => {
  const store = new MemoryStore();
  const conn = store.connection();
  t.throws(() => conn.addStatement(quad(ex('s'), ex('p'), ex('o'))), TransactionStateError);
  t.throws(() => conn.setNamespace('ex', 'http://ex.org/'), TransactionStateError);
  await t.rejects(conn.commit(), TransactionStateError);
  conn.begin();
  t.throws(() => conn.begin(), TransactionStateError);
  conn.rollback();
  t.equal(conn.active, false);
  conn.close();
  t.throws(() => conn.begin(), TransactionStateError);
});

t.test('rollback discards statements and namespaces; commit applies both', async (t) => {
  const store = new MemoryStore();
  const conn = store.connection();
  conn.begin();
  conn.addStatement(quad(ex('s'), ex('p'), ex('o')));
  conn.setNamespace('ex', 'http://ex.org/');
  t.equal(conn.size(), 1, 'the transaction sees its own statement');
  t.equal(conn.getNamespace('ex'), 'http://ex.org/');
  conn.rollback();
  t.equal(conn.size(), 0);
  t.equal(conn.getNamespace('ex'), undefined);
  await write(conn, () => {
    conn.setNamespace('ex', 'http://ex.org/');
    conn.setNamespace('foaf', 'http://xmlns.com/foaf/0.1/');
  });
  await write(conn, () => conn.removeNamespace('foaf'));
  t.same([...conn.namespaces()], [['ex', 'http://ex.org/']]);
  await write(conn, () => conn.clearNamespaces());
  t.same([...conn.namespaces()], []);
});

t.test('change listeners hear each change, including those of wildcard removes', async (t) => {
  const store = new MemoryStore();
  const conn = store.connection();
  const heard: string[] = [];
  conn.addChangeListener({
    added: (q, inferred) => heard.push(`+${q.join(',')}${inferred ? 'i' : ''}`),
    removed: (q, inferred) => heard.push(`-${q.join(',')}${inferred ? 'i' : ''}`),
  });
  await write(conn, () => {
    conn.addStatement(quad(ex('s'), ex('p'), ex('o')));
    conn.addStatement(quad(ex('s'), ex('p'), ex('o')));
    conn.addInferred(quad(ex('s'), ex('p'), ex('o2')));
  });
  await write(conn, () => conn.clear());
  t.equal(heard.length, 4);
  t.equal(heard.filter((h) => h.startsWith('-')).length, 2);
  t.ok(heard[1]!.endsWith('i'), 'the inferred statement is flagged');
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
