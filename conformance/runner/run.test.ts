import t from 'tap';
import { FIXTURE_URL, fixtureContext, fixtureSuite } from './fixture.ts';
import { HandlerRegistry } from './registry.ts';
import { runSuite, totals } from './run.ts';
import { RDFT } from './vocab.ts';

const run = await runSuite(fixtureSuite({ notRun: [{ test: FIXTURE_URL + 'manifest.ttl#bad', reason: 'not set up' }] }), fixtureContext());
const byName = new Map(run.outcomes.map((o) => [o.test.name, o]));

t.test('classifies every test against the known-issue lists', async (t) => {
  t.equal(byName.get('good')?.status, 'passed');
  t.equal(byName.get('eval')?.status, 'passed');
  t.equal(byName.get('assumed-base')?.status, 'passed', 'parsed with the assumed test base');
  t.equal(byName.get('relative-base')?.status, 'passed', 'parsed with the file URL');
  t.match(byName.get('bad'), { status: 'skipped', reason: 'not set up' });
  t.match(byName.get('eval-wrong'), { status: 'expected-failure', reason: /wrong\.nt/, message: /not isomorphic/ });
  t.match(byName.get('rejected'), { status: 'skipped', reason: /Rejected/ });
  t.match(byName.get('unknown-type'), { status: 'skipped', reason: /no handler for type <.*NoSuchTest>/ });
  t.match(byName.get('listed-but-passes'), { status: 'failed', message: /passes now: remove from expected failures/ });
  t.same(totals(run.outcomes), { passed: 4, failed: 1, expectedFailures: 1, skipped: 3 });
});

t.test('a failing evaluation carries a sorted N-Quads diff', async (t) => {
  const diff = byName.get('eval-wrong')?.diff ?? '';
  t.match(diff, /^- _:\S+ <http:\/\/example\.org\/q> "y" \.$/m);
  t.match(diff, /^\+ _:\S+ <http:\/\/example\.org\/q> "x" \.$/m);
  t.notMatch(diff, /example\.org\/p/, 'lines equal up to blank-node labels are not in the diff');
});

t.test('known-issue entries that name no test are reported', async (t) => {
  const stale = await runSuite(fixtureSuite({ notRun: [{ test: FIXTURE_URL + 'manifest.ttl#gone', reason: 'x' }] }), fixtureContext());
  t.same(stale.unknownEntries, [FIXTURE_URL + 'manifest.ttl#gone']);
});

t.test('a missing suites folder makes the suite unavailable, with no outcomes', async (t) => {
  const absent = await runSuite(fixtureSuite(), fixtureContext('/nonexistent/w3c'));
  t.match(absent.unavailable, /not found/);
  t.same(absent.outcomes, []);
});

t.test('a handler that never settles fails after the suite timeout instead of hanging the run', async (t) => {
  const handlers = new HandlerRegistry().register(RDFT.TestTurtlePositiveSyntax, () => new Promise<void>(() => {}));
  const stuck = await runSuite(fixtureSuite({ handlers, timeoutMs: 20, expectedFailures: [] }), fixtureContext());
  t.match(stuck.outcomes.find((o) => o.test.name === 'good'), { status: 'failed', message: /did not finish within 20 ms/ });
});
