/**
 * Handlers for the W3C SPARQL 1.1 Update test types (w3c-suites.md §4.4), run
 * in process against a fresh store per test (`RunContext.openStore`):
 * - `mf:UpdateEvaluationTest`: the action's `ut:data` goes into the unnamed
 *   graph and each `ut:graphData [ ut:graph <file>; rdfs:label "name" ]` into
 *   the graph named by its label; `ut:request` runs in one transaction with
 *   the W3C dataset reading (the WHERE default graph is the unnamed graph);
 *   the store must then be isomorphic to the result's `ut:data`/`ut:graphData`.
 * - positive and negative update syntax tests, through `prepareUpdate` (so
 *   the checks our adapter adds, e.g. no blank nodes in DELETE, count too).
 *   Query-syntax test types listed in update manifests (`.ru` files) parse as updates.
 */
import { defaultGraph, df, namedNode, type Quad, type Term } from '../../src/rdf/terms.ts';
import { MalformedQueryError } from '../../src/sparql/api.ts';
import { prepareUpdate } from '../../src/sparql/update/update.ts';
import type { SailConnection } from '../../src/sail/sail.ts';
import { assertIsomorphic } from '../runner/compare-quads.ts';
import type { RunContext } from '../runner/context.ts';
import type { TestCase } from '../runner/manifest.ts';
import { parseFile } from '../runner/rdf-input.ts';
import { TestFailure, type HandlerTable, type TestHandler } from '../runner/registry.ts';
import { MF, RDFS_LABEL, UT } from '../runner/vocab.ts';

/** The graphs a `ut:` action or result describes: [file IRI, graph it fills]. */
function graphFiles(test: TestCase, node: Term | undefined): [string, Term][] {
  if (!node) return [];
  const { graph } = test.manifest;
  const files: [string, Term][] = graph.objects(node, UT.data).map((file) => [file.value, defaultGraph()]);
  for (const entry of graph.objects(node, UT.graphData)) {
    const file = graph.object(entry, UT.graph);
    const label = graph.value(entry, RDFS_LABEL);
    if (!file || !label) throw new TestFailure(`test <${test.iri}>: ut:graphData needs ut:graph and rdfs:label`);
    files.push([file.value, namedNode(label)]);
  }
  return files;
}

async function readGraphs(files: readonly [string, Term][], ctx: RunContext): Promise<Quad[]> {
  const quads: Quad[] = [];
  for (const [iri, graph] of files) {
    for (const q of await parseFile(ctx.files.pathOf(iri), iri)) quads.push(df.quad(q.subject, q.predicate, q.object, graph as Quad['graph']));
  }
  return quads;
}

function storeQuads(connection: SailConnection): Quad[] {
  const { values } = connection;
  return [...connection.match({}, false)].map(([s, p, o, g]) =>
    df.quad(values.term(s) as Quad['subject'], values.term(p) as Quad['predicate'], values.term(o) as Quad['object'], values.term(g) as Quad['graph']),
  );
}

const updateEvaluation: TestHandler = async (test, ctx) => {
  const action = test.action;
  const request = action && test.manifest.graph.object(action, UT.request)?.value;
  if (!request) throw new TestFailure(`test <${test.iri}> has no ut:request`);
  const update = prepareUpdate(await ctx.files.readText(request), { baseIRI: request, unnamedDefaultGraph: true });
  const store = await ctx.openStore();
  const connection = store.connection();
  try {
    connection.begin();
    for (const q of await readGraphs(graphFiles(test, action), ctx)) connection.addStatement(q);
    await connection.commit();
    connection.begin();
    await update.execute(connection);
    await connection.commit();
    const expected = await readGraphs(graphFiles(test, test.result), ctx);
    assertIsomorphic(expected, storeQuads(connection), 'store after the update');
  } finally {
    connection.close();
    await store.shutdown();
  }
};

function updateSyntax(positive: boolean): TestHandler {
  return async (test, ctx) => {
    const file = test.action?.value;
    if (!file) throw new TestFailure(`test <${test.iri}> has no mf:action`);
    const text = await ctx.files.readText(file);
    try {
      prepareUpdate(text, { baseIRI: file });
    } catch (error) {
      if (!(error instanceof MalformedQueryError)) throw error;
      if (positive) throw new TestFailure(`rejected a valid update: ${error.message}`);
      return;
    }
    if (!positive) throw new TestFailure('accepted an invalid update; a negative syntax test must be rejected');
  };
}

export const sparqlUpdateHandlers: HandlerTable = {
  [MF.UpdateEvaluationTest]: updateEvaluation,
  [MF.PositiveUpdateSyntaxTest11]: updateSyntax(true),
  [MF.NegativeUpdateSyntaxTest11]: updateSyntax(false),
  // The delete-insert folder lists invalid update strings (.ru) under the query test type.
  [MF.NegativeSyntaxTest11]: updateSyntax(false),
};
