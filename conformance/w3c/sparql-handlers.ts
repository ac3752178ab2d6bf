/**
 * Handlers for the W3C SPARQL query test types (w3c-suites.md §4.2–4.5), run
 * in process against a fresh store per test (`RunContext.openStore`: a
 * MemoryStore by default, the NativeStore in `*.native.test.ts`):
 * - `mf:QueryEvaluationTest`: `qt:data` into the default graph, each
 *   `qt:graphData` into the graph named by its file IRI, evaluated with that
 *   explicit dataset (the W3C default graph is the unnamed graph alone); with
 *   no data in the action, the query's FROM / FROM NAMED files are loaded
 *   under their IRIs and the query's own dataset applies.
 * - `mf:CSVResultFormatTest`: the same, then our CSV writer's text against the
 *   expected file, line endings normalised.
 * - positive and negative syntax tests, for queries and for updates.
 */
import { tupleFormatFor } from '../../src/formats/registry.ts';
import { defaultGraph, namedNode, quad, type NamedNode, type Quad, type Term } from '../../src/rdf/terms.ts';
import { MalformedQueryError, type Dataset, type PreparedQuery } from '../../src/sparql/api.ts';
import { prepareQuery } from '../../src/sparql/engine.ts';
import { checkUpdateSyntax } from '../../src/sparql/parse.ts';
import type { Sail } from '../../src/sail/sail.ts';
import type { RunContext } from '../runner/context.ts';
import type { TestCase } from '../runner/manifest.ts';
import { parseFile } from '../runner/rdf-input.ts';
import { TestFailure, type HandlerTable, type TestHandler } from '../runner/registry.ts';
import { MF, QT } from '../runner/vocab.ts';
import { assertResults, collect, readExpected } from './sparql-results.ts';
import { withMockEndpoints } from './sparql-service-mock.ts';

const LAX_CARDINALITY = MF.Manifest.replace('Manifest', 'LaxCardinality');
const RESULT_CARDINALITY = MF.Manifest.replace('Manifest', 'resultCardinality');

/** The parts of a query-evaluation action. */
interface Action {
  readonly query: string;
  readonly data: readonly string[];
  readonly graphData: readonly string[];
  /** `qt:serviceData`: endpoint URL → its data files. */
  readonly serviceData: ReadonlyMap<string, readonly string[]>;
}

function readAction(test: TestCase): Action {
  const { graph } = test.manifest;
  const action = test.action;
  if (!action) throw new TestFailure(`test <${test.iri}> has no mf:action`);
  const query = graph.object(action, QT.query)?.value;
  if (!query) throw new TestFailure(`test <${test.iri}> has no qt:query`);
  return {
    query,
    data: graph.objects(action, QT.data).map((t) => t.value),
    graphData: graph.objects(action, QT.graphData).map((t) => t.value),
    serviceData: new Map(graph.objects(action, QT.serviceData).map((node) =>
      [graph.object(node, QT.endpoint)?.value ?? '', graph.objects(node, QT.data).map((t) => t.value)])),
  };
}

/** A store holding the default-graph files and the named-graph files, and the dataset naming them. */
async function loadStore(files: readonly (readonly [iri: string, graph: Term])[], ctx: RunContext): Promise<Sail> {
  const store = await ctx.openStore();
  const connection = store.connection();
  connection.begin();
  for (const [iri, graph] of files) {
    const quads = await readGraphFile(iri, ctx);
    for (const q of quads) connection.addStatement(quad(q.subject, q.predicate, q.object, graph as Quad['graph']));
  }
  await connection.commit();
  connection.close();
  return store;
}

/** A data file's quads; an empty file is an empty graph (our parsers reject empty input: reported upstream). */
async function readGraphFile(iri: string, ctx: RunContext): Promise<Quad[]> {
  const text = await ctx.files.readText(iri);
  if (text.trim() === '') return [];
  return parseFile(ctx.files.pathOf(iri), iri);
}

async function evaluateAction(test: TestCase, ctx: RunContext): Promise<{ query: PreparedQuery; text: string; results: Awaited<ReturnType<typeof collect>> }> {
  const action = readAction(test);
  const text = await ctx.files.readText(action.query);
  const query = prepareQuery(text, { baseIRI: action.query });
  const files: [string, Term][] = [
    ...action.data.map((iri): [string, Term] => [iri, defaultGraph()]),
    ...action.graphData.map((iri): [string, Term] => [iri, namedNode(iri)]),
  ];
  let dataset: Dataset | undefined;
  if (files.length > 0) {
    dataset = { defaultGraphs: [defaultGraph()], namedGraphs: action.graphData.map((iri) => namedNode(iri)) };
  }
  if (query.dataset) {
    // FROM / FROM NAMED name local files; they are loaded under their IRIs and the query's dataset applies.
    dataset = undefined;
    const loaded = new Set(action.graphData);
    const named = (g: NamedNode) => !loaded.has(g.value) && (loaded.add(g.value), true);
    for (const g of [...query.dataset.defaultGraphs, ...query.dataset.namedGraphs]) {
      if (g.termType === 'NamedNode' && named(g)) files.push([g.value, g]);
    }
  }
  const store = await loadStore(files, ctx);
  const connection = store.connection();
  const endpoints = await Promise.all([...action.serviceData].map(async ([url, data]) => ({
    url, connection: (await loadStore(data.map((iri): [string, Term] => [iri, defaultGraph()]), ctx)).connection(),
  })));
  try {
    return { query, text, results: await withMockEndpoints(endpoints, () => collect(query.evaluate(connection, { dataset }))) };
  } finally {
    connection.close();
    await store.shutdown();
    for (const endpoint of endpoints) endpoint.connection.close();
  }
}

const queryEvaluation: TestHandler = async (test, ctx) => {
  const { text, results } = await evaluateAction(test, ctx);
  if (!test.result) throw new TestFailure(`test <${test.iri}> has no mf:result`);
  const expected = await readExpected(test.result.value, ctx);
  const lax = test.manifest.graph.objects(test.node, RESULT_CARDINALITY).some((t) => t.value === LAX_CARDINALITY);
  const ordered = /\bORDER\s+BY\b/i.test(text) && !(expected.kind === 'bindings' && expected.indexed === false && /\.ttl$|\.rdf$/.test(test.result.value));
  assertResults(expected, results, { ordered, lax });
};

const csvResultFormat: TestHandler = async (test, ctx) => {
  const { results } = await evaluateAction(test, ctx);
  if (results.kind !== 'bindings') throw new TestFailure('a CSV test needs a SELECT query');
  const format = tupleFormatFor('csv');
  if (!format?.writer) throw new TestFailure('no CSV writer');
  const chunks: string[] = [];
  const decoder = new TextDecoder();
  const writer = format.writer({ write: (chunk) => void chunks.push(typeof chunk === 'string' ? chunk : decoder.decode(chunk)) }, results.variables);
  for (const s of results.solutions) writer.solution(results.variables.map((v) => s.get(v)));
  writer.end();
  const normalise = (text: string) => text.replace(/\r\n/g, '\n').replace(/_:[^,\n]*/g, '_:').trimEnd();
  const expected = normalise(await ctx.files.readText(test.result!.value));
  const actual = normalise(chunks.join(''));
  if (expected !== actual) throw new TestFailure('CSV text differs', `expected:\n${expected}\nactual:\n${actual}`);
};

/** A syntax test's action is the query or update file itself; `.ru` files and update test types parse as updates. */
function syntaxHandler(positive: boolean, update: boolean): TestHandler {
  return async (test, ctx) => {
    const file = test.action?.value;
    if (!file) throw new TestFailure(`test <${test.iri}> has no mf:action`);
    const text = await ctx.files.readText(file);
    const parse = () => (update || file.endsWith('.ru') ? checkUpdateSyntax(text, file) : prepareQuery(text, { baseIRI: file }));
    try {
      parse();
    } catch (error) {
      if (!(error instanceof MalformedQueryError)) throw error;
      if (positive) throw new TestFailure(`rejected a valid ${update ? 'update' : 'query'}: ${error.message}`);
      return;
    }
    if (!positive) throw new TestFailure('accepted an invalid request; a negative syntax test must be rejected');
  };
}

export const sparqlQueryHandlers: HandlerTable = {
  [MF.QueryEvaluationTest]: queryEvaluation,
  [MF.CSVResultFormatTest]: csvResultFormat,
  [MF.PositiveSyntaxTest]: syntaxHandler(true, false),
  [MF.NegativeSyntaxTest]: syntaxHandler(false, false),
  [MF.PositiveSyntaxTest11]: syntaxHandler(true, false),
  [MF.NegativeSyntaxTest11]: syntaxHandler(false, false),
  [MF.PositiveUpdateSyntaxTest11]: syntaxHandler(true, true),
  [MF.NegativeUpdateSyntaxTest11]: syntaxHandler(false, true),
};
