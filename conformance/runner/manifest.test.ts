import path from 'node:path';
import t from 'tap';
import { FIXTURE_DIR, FIXTURE_URL, fixtureContext } from './fixture.ts';
import { loadManifests, parseBaseOf, testsOf } from './manifest.ts';
import { RDFT } from './vocab.ts';

const ctx = fixtureContext();
const manifests = await loadManifests(path.join(FIXTURE_DIR, 'manifest.ttl'), ctx.files);

t.test('follows mf:include once per manifest, entry manifest first, even through a cycle', async (t) => {
  t.same(manifests.map((m) => m.iri), [FIXTURE_URL + 'manifest.ttl', FIXTURE_URL + 'sub/manifest.ttl']);
  t.equal(manifests[0]!.label, 'runner fixture');
  t.equal(manifests[0]!.assumedTestBase, 'https://tests.example/published/');
});

t.test('takes mf:entries in list order and names tests by their published IRI', async (t) => {
  const tests = testsOf(manifests);
  t.same(tests.map((test) => test.name), [
    'good', 'bad', 'eval', 'eval-wrong', 'rejected', 'unknown-type', 'listed-but-passes', 'assumed-base', 'relative-base',
  ]);
  const good = tests[0]!;
  t.equal(good.iri, FIXTURE_URL + 'manifest.ttl#good');
  t.same(good.types, [RDFT.TestTurtlePositiveSyntax]);
  t.equal(good.approval, RDFT.Approved);
  t.equal(good.action?.value, FIXTURE_URL + 'good.ttl');
  t.equal(tests[2]!.result?.value, FIXTURE_URL + 'eval.nt');
  t.equal(tests[4]!.approval, RDFT.Rejected);
});

t.test('parse base: mf:assumedTestBase + path relative to the manifest, else the file IRI (w3c-suites §4.1)', async (t) => {
  const tests = testsOf(manifests);
  const assumed = tests.find((test) => test.name === 'assumed-base')!;
  t.equal(parseBaseOf(assumed, FIXTURE_URL + 'rel.ttl'), 'https://tests.example/published/rel.ttl');
  const own = tests.find((test) => test.name === 'relative-base')!;
  t.equal(parseBaseOf(own, FIXTURE_URL + 'sub/base.ttl'), FIXTURE_URL + 'sub/base.ttl');
});
