import t from 'tap';
import { namedNode } from '../../src/rdf/terms.ts';
import { earlReport } from './earl.ts';
import { fixtureContext, fixtureSuite } from './fixture.ts';
import { ManifestGraph } from './manifest-graph.ts';
import { parseQuads, requireFormat } from './rdf-input.ts';
import { runSuite } from './run.ts';
import { EARL_NS } from './vocab.ts';

t.test('the EARL report is Turtle with one assertion per test and its outcome', async (t) => {
  const run = await runSuite(fixtureSuite(), fixtureContext());
  const turtle = earlReport(run.outcomes, { iri: 'https://svc.example/#svc', name: 'svc' }, new Date('2026-01-01T00:00:00Z'));
  const graph = new ManifestGraph(await parseQuads(requireFormat('ttl'), turtle, 'https://report.example/'));
  const assertions = graph.subjectsWith('http://www.w3.org/1999/02/22-rdf-syntax-ns#type', namedNode(EARL_NS + 'Assertion'));
  t.equal(assertions.length, run.outcomes.length);
  const outcomeOf = (name: string) => {
    const node = assertions.find((a) => graph.value(a, EARL_NS + 'test')?.endsWith('#' + name))!;
    return graph.value(graph.object(node, EARL_NS + 'result')!, EARL_NS + 'outcome');
  };
  t.equal(outcomeOf('good'), EARL_NS + 'passed');
  t.equal(outcomeOf('eval-wrong'), EARL_NS + 'failed');
  t.equal(outcomeOf('rejected'), EARL_NS + 'untested');
});
