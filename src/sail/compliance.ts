/**
 * The store compliance suite (`sail.ts` contract; spec §4.12 isolation levels):
 * one set of tap tests that every base store runs against itself, as RDF4J
 * subclasses its abstract Sail compliance tests per store. A store's test file
 * calls `sailCompliance(open)`; `anomalies` replays the classic isolation
 * anomalies with two connections, for stores that want to pin their exact
 * per-level behaviour.
 */
import t from 'tap';
import { DEFAULT_GRAPH, ISOLATION_LEVELS, type IdQuad, type IsolationLevel, type QuadPattern, type Sail, type SailConnection } from './sail.ts';
import { ConflictError, InvalidStatementError, TransactionStateError, UnsupportedIsolationLevelError } from './errors.ts';
import { blankNode, defaultGraph, literal, namedNode, quad, type Quad } from '../rdf/terms.ts';

export const ex = (n: string | number) => namedNode(`http://ex.org/${n}`);

/** Runs `work` in a transaction and commits it. */
export async function write(conn: SailConnection, work: () => void, level?: IsolationLevel): Promise<void> {
  conn.begin(level);
  work();
  await conn.commit();
}

/** A fresh store with these statements committed, and two connections to it. */
async function opened(open: () => Promise<Sail>, ...statements: Quad[]): Promise<{ sail: Sail; a: SailConnection; b: SailConnection }> {
  const sail = await open();
  const a = sail.connection();
  const b = sail.connection();
  await write(a, () => statements.forEach((s) => a.addStatement(s)));
  return { sail, a, b };
}

/**
 * The isolation anomalies (Berenson et al., "A Critique of ANSI SQL Isolation
 * Levels"), each played by two connections at `level` on a fresh store; each
 * resolves to true when the anomaly happened.
 */
export const anomalies = {
  /** B reads what A has written but not committed. */
  async dirtyRead(open: () => Promise<Sail>, level: IsolationLevel): Promise<boolean> {
    const { sail, a, b } = await opened(open);
    a.begin();
    a.addStatement(quad(ex('x'), ex('p'), ex('y')));
    b.begin(level);
    const seen = b.size() > 0;
    a.rollback();
    b.rollback();
    await sail.shutdown();
    return seen;
  },

  /** B reads twice and gets different answers because A committed in between. */
  async nonRepeatableRead(open: () => Promise<Sail>, level: IsolationLevel): Promise<boolean> {
    const { sail, a, b } = await opened(open, quad(ex('x'), ex('p'), ex('y')));
    b.begin(level);
    const first = b.size();
    await write(a, () => a.addStatement(quad(ex('x'), ex('p'), ex('z'))));
    const second = b.size();
    b.rollback();
    await sail.shutdown();
    return first !== second;
  },

  /** A and B both increment a counter from the same reading; both commit and one increment is lost. */
  async lostUpdate(open: () => Promise<Sail>, level: IsolationLevel): Promise<boolean> {
    const { sail, a, b } = await opened(open, quad(ex('counter'), ex('value'), literal('1')));
    const increment = (conn: SailConnection) => {
      const [s, p] = [sail.values.lookup(ex('counter')), sail.values.lookup(ex('value'))];
      const seen = Number(sail.values.term([...conn.match({ s, p })][0]![2]).value);
      conn.removeStatements({ s, p });
      conn.addStatement(quad(ex('counter'), ex('value'), literal(String(seen + 1))));
    };
    a.begin(level);
    b.begin(level);
    increment(a);
    increment(b);
    await a.commit();
    const lost = await commitsUnlessConflict(b);
    await sail.shutdown();
    return lost;
  },

  /** Two doctors on call each leave because the other is still there: both commit, nobody is on call. */
  async writeSkew(open: () => Promise<Sail>, level: IsolationLevel): Promise<boolean> {
    const onCall = (who: string) => quad(ex(who), ex('onCall'), literal('true'));
    const { sail, a, b } = await opened(open, onCall('alice'), onCall('bob'));
    const leave = (conn: SailConnection, who: string) => {
      const p = sail.values.lookup(ex('onCall'));
      if ([...conn.match({ p })].length >= 2) conn.removeStatements({ s: sail.values.lookup(ex(who)), p });
    };
    a.begin(level);
    b.begin(level);
    leave(a, 'alice');
    leave(b, 'bob');
    await a.commit();
    const skewed = await commitsUnlessConflict(b);
    await sail.shutdown();
    return skewed;
  },
};

export type Anomaly = keyof typeof anomalies;

/**
 * Which anomalies each level allows (true) in our stores: stronger than
 * RDF4J promises in two places — no level reads uncommitted data (every level
 * buffers its writes), and SNAPSHOT already prevents lost updates.
 */
export const ISOLATION_OUTCOMES: Record<IsolationLevel, Record<Anomaly, boolean>> = {
  NONE: { dirtyRead: false, nonRepeatableRead: true, lostUpdate: true, writeSkew: true },
  READ_UNCOMMITTED: { dirtyRead: false, nonRepeatableRead: true, lostUpdate: true, writeSkew: true },
  READ_COMMITTED: { dirtyRead: false, nonRepeatableRead: true, lostUpdate: true, writeSkew: true },
  SNAPSHOT_READ: { dirtyRead: false, nonRepeatableRead: true, lostUpdate: true, writeSkew: true },
  SNAPSHOT: { dirtyRead: false, nonRepeatableRead: false, lostUpdate: false, writeSkew: true },
  SERIALIZABLE: { dirtyRead: false, nonRepeatableRead: false, lostUpdate: false, writeSkew: false },
};

/** Plays every anomaly at every level on fresh stores and checks `ISOLATION_OUTCOMES`: one tap test per level. */
export function isolationTable(open: () => Promise<Sail>): void {
  for (const [level, outcomes] of Object.entries(ISOLATION_OUTCOMES) as [IsolationLevel, Record<Anomaly, boolean>][]) {
    t.test(`isolation ${level}`, async (t) => {
      for (const [anomaly, happens] of Object.entries(outcomes) as [Anomaly, boolean][]) {
        t.equal(await anomalies[anomaly](open, level), happens, `${anomaly} ${happens ? 'allowed' : 'prevented'}`);
      }
    });
  }
}

/** Commits; on a ConflictError checks the transaction stayed open, rolls back and answers false. */
async function commitsUnlessConflict(conn: SailConnection): Promise<boolean> {
  try {
    await conn.commit();
    return true;
  } catch (error) {
    if (!(error instanceof ConflictError) || !conn.active) throw error;
    conn.rollback();
    return false;
  }
}

/** What each level must prevent (RDF4J IsolationLevels; spec §4.12); weaker levels may prevent more. */
const PREVENTED_FROM: Record<Anomaly, IsolationLevel> = {
  dirtyRead: 'READ_COMMITTED',
  nonRepeatableRead: 'SNAPSHOT',
  lostUpdate: 'SERIALIZABLE',
  writeSkew: 'SERIALIZABLE',
};

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

/** Registers the compliance tests for the store that `open` creates (already initialised). */
export function sailCompliance(open: () => Promise<Sail>): void {
  t.test('every pattern of bound and unbound positions matches exactly what a scan finds', async (t) => {
    const { sail, a: conn } = await opened(open);
    const next = random(7);
    for (let round = 0; round < 6; round++) {
      await write(conn, () => {
        for (let i = 0; i < 80; i++) conn.addStatement(randomQuad(next));
        for (const q of [...conn.match({})].slice(0, 10)) conn.removeStatements({ s: q[0], p: q[1], o: q[2], g: q[3] });
      });
    }
    const all = [...new Map([...conn.match({})].map((q) => [q.join(' '), q])).values()];
    t.equal(all.length, conn.size(), 'each statement once');
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
      }
    }
    await sail.shutdown();
  });

  t.test('adding a statement twice stores it once; literals compare by term, not by spelling', async (t) => {
    const { sail, a: conn } = await opened(open);
    await write(conn, () => {
      conn.addStatement(quad(ex('a'), ex('p'), literal('x')));
      conn.addStatement(quad(ex('a'), ex('p'), literal('x', namedNode('http://www.w3.org/2001/XMLSchema#string'))));
      conn.addStatement(quad(ex('a'), ex('p'), literal('x', 'EN')));
      conn.addStatement(quad(ex('a'), ex('p'), literal('x', 'en')));
    });
    await write(conn, () => conn.addStatement(quad(ex('a'), ex('p'), literal('x'))));
    t.equal(conn.size(), 2);
    const languages = [...conn.match({})].map((q) => sail.values.term(q[2])).map((x) => x.termType === 'Literal' && x.language);
    t.same(languages.sort(), ['', 'en']);
    await sail.shutdown();
  });

  t.test('explicit and inferred statements', async (t) => {
    const { sail, a: conn } = await opened(open);
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
    await sail.shutdown();
  });

  t.test('contexts, size per context and clear', async (t) => {
    const { sail, a: conn } = await opened(
      open,
      quad(ex('a'), ex('p'), ex('b')),
      quad(ex('a'), ex('p'), ex('b'), ex('g1')),
      quad(ex('a'), ex('p'), ex('c'), ex('g1')),
      quad(ex('a'), ex('p'), ex('c'), blankNode('g2')),
    );
    const g1 = sail.values.lookup(ex('g1'))!;
    t.equal([...conn.contexts()].length, 2);
    t.equal(conn.size(g1), 2);
    t.equal(conn.size(DEFAULT_GRAPH), 1);
    await write(conn, () => conn.clear([g1]));
    t.same([...conn.contexts()].map((g) => sail.values.term(g).termType), ['BlankNode']);
    t.equal(conn.size(), 2);
    await write(conn, () => conn.clear());
    t.equal(conn.size(), 0);
    t.same([...conn.contexts()], []);
    await sail.shutdown();
  });

  t.test('invalid statements are rejected whole and change nothing', async (t) => {
    const { sail, a: conn } = await opened(open);
    conn.begin();
    t.throws(() => conn.addStatement(quad(literal('x') as never, ex('p1'), ex('o1'))), InvalidStatementError);
    t.throws(() => conn.addStatement(quad(ex('s2'), blankNode('p') as never, ex('o2'))), /predicate.*_:p/);
    t.throws(() => conn.addStatement(quad(ex('s3'), ex('p3'), ex('o3'), literal('g') as never)), /context/);
    for (const term of [ex('p1'), ex('o1'), ex('s2'), ex('o2'), ex('s3'), ex('p3'), ex('o3')]) {
      t.equal(sail.values.lookup(term), undefined, 'no term was interned');
    }
    await conn.commit();
    t.equal(conn.size(), 0);
    await sail.shutdown();
  });

  t.test('writes need a transaction; begin twice is an error; closed connections refuse work', async (t) => {
    const { sail, a: conn } = await opened(open);
    t.throws(() => conn.addStatement(quad(ex('s'), ex('p'), ex('o'))), TransactionStateError);
    t.throws(() => conn.setNamespace('ex', 'http://ex.org/'), TransactionStateError);
    await t.rejects(conn.commit(), TransactionStateError);
    conn.begin();
    t.throws(() => conn.begin(), TransactionStateError);
    conn.rollback();
    t.equal(conn.active, false);
    conn.close();
    t.throws(() => conn.begin(), TransactionStateError);
    t.throws(() => conn.begin('CHAOS' as IsolationLevel), TransactionStateError);
    const other = sail.connection();
    t.throws(() => other.begin('CHAOS' as IsolationLevel), UnsupportedIsolationLevelError);
    t.throws(() => other.begin('CHAOS' as IsolationLevel), /CHAOS/);
    t.equal(other.active, false);
    await sail.shutdown();
  });

  t.test('rollback discards statements and namespaces; commit applies both', async (t) => {
    const { sail, a: conn } = await opened(open);
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
    await sail.shutdown();
  });

  t.test('change listeners hear each change, including those of wildcard removes', async (t) => {
    const { sail, a: conn } = await opened(open);
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
    await sail.shutdown();
  });

  t.test('a long-running reader keeps its snapshot while writers commit', async (t) => {
    const statements = Array.from({ length: 100 }, (_, i) => quad(ex(`s${i}`), ex('p'), literal(String(i))));
    const { sail, a, b } = await opened(open, ...statements);
    const reader = b.match({})[Symbol.iterator]();
    t.notOk(reader.next().done);
    await write(a, () => {
      a.clear();
      for (let i = 0; i < 5000; i++) a.addStatement(quad(ex(`new${i}`), ex('p'), ex('o')));
    });
    let rest = 0;
    for (let r = reader.next(); !r.done; r = reader.next()) rest++;
    t.equal(rest + 1, 100, 'the reader saw exactly the statements of its version');
    t.equal(b.size(), 5000, 'a new read sees the new version');
    await sail.shutdown();
  });

  t.test('a SNAPSHOT transaction sees its own changes over its snapshot', async (t) => {
    const { sail, a, b } = await opened(open, quad(ex('x'), ex('p'), ex('y')));
    b.begin('SNAPSHOT');
    b.addStatement(quad(ex('x'), ex('p'), ex('mine')));
    await write(a, () => a.addStatement(quad(ex('x'), ex('p'), ex('theirs'))));
    t.equal(b.size(), 2, 'its own addition plus the snapshot, not the concurrent one');
    await b.commit();
    t.equal(b.size(), 3);
    await sail.shutdown();
  });

  t.test('each supported isolation level prevents the anomalies it must', async (t) => {
    const sail = await open();
    const levels = sail.supportedIsolationLevels;
    await sail.shutdown();
    for (const level of levels) {
      for (const [anomaly, from] of Object.entries(PREVENTED_FROM) as [Anomaly, IsolationLevel][]) {
        if (ISOLATION_LEVELS.indexOf(level) < ISOLATION_LEVELS.indexOf(from)) continue;
        t.equal(await anomalies[anomaly](open, level), false, `${level} prevents ${anomaly}`);
      }
    }
  });
}
