/**
 * Our SeRQL cases (spec §4.3 `queryLn=serql`) as a suite in the W3C query-test
 * vocabulary, run in process against a fresh MemoryStore per test:
 * - `mf:QueryEvaluationTest`: every `qt:data` file loaded with its own
 *   contexts (TriG), the `.serql` query evaluated with no dataset (SeRQL has
 *   none: a FROM without CONTEXT sees every context), results compared with
 *   `mf:result` (`.srj`, or `.ttl` for CONSTRUCT);
 * - `mf:PositiveSyntaxTest` / `mf:NegativeSyntaxTest`: the action parses, or
 *   fails with `MalformedQueryError`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MemoryStore } from '../../src/sail/memory/store.ts';
import { MalformedQueryError, type PreparedQuery } from '../../src/sparql/api.ts';
import { prepareQuery } from '../../src/sparql/engine.ts';
import type { RunContext } from '../runner/context.ts';
import type { TestCase } from '../runner/manifest.ts';
import { parseFile } from '../runner/rdf-input.ts';
import { HandlerRegistry, TestFailure, type TestHandler } from '../runner/registry.ts';
import type { Suite } from '../runner/suite.ts';
import { SuiteFiles, w3cRoot } from '../runner/suite-files.ts';
import { MF, QT } from '../runner/vocab.ts';
import { assertResults, collect, readExpected } from '../w3c/sparql-results.ts';

export const SERQL_CASES_DIR = path.dirname(fileURLToPath(import.meta.url));
/** The published base of our cases: their test IRIs in reports. */
export const SERQL_CASES_URL = 'https://svc.org/conformance/serql/';

export function serqlSuiteFiles(root = w3cRoot()): SuiteFiles {
  return new SuiteFiles(root).mount(SERQL_CASES_URL, SERQL_CASES_DIR);
}

const prepareSerql = (text: string, baseIRI: string): PreparedQuery => prepareQuery(text, { language: 'serql', baseIRI });

async function loadData(test: TestCase, ctx: RunContext): Promise<MemoryStore> {
  const store = new MemoryStore();
  await store.init();
  const connection = store.connection();
  connection.begin();
  for (const file of test.manifest.graph.objects(test.action!, QT.data)) {
    for (const q of await parseFile(ctx.files.pathOf(file.value), file.value)) connection.addStatement(q);
  }
  await connection.commit();
  connection.close();
  return store;
}

const queryEvaluation: TestHandler = async (test, ctx) => {
  const queryFile = test.action && test.manifest.graph.object(test.action, QT.query)?.value;
  if (!queryFile) throw new TestFailure(`test <${test.iri}> has no qt:query`);
  if (!test.result) throw new TestFailure(`test <${test.iri}> has no mf:result`);
  const text = await ctx.files.readText(queryFile);
  const query = prepareSerql(text, queryFile);
  const connection = (await loadData(test, ctx)).connection();
  try {
    const results = await collect(query.evaluate(connection));
    assertResults(await readExpected(test.result.value, ctx), results, { ordered: /\border\s+by\b/i.test(text), lax: false });
  } finally {
    connection.close();
  }
};

function syntaxTest(positive: boolean): TestHandler {
  return async (test, ctx) => {
    const file = test.action?.value;
    if (!file) throw new TestFailure(`test <${test.iri}> has no mf:action`);
    try {
      prepareSerql(await ctx.files.readText(file), file);
    } catch (error) {
      if (!(error instanceof MalformedQueryError)) throw error;
      if (positive) throw new TestFailure(`rejected a valid query: ${error.message}`);
      return;
    }
    if (!positive) throw new TestFailure('accepted an invalid query; a negative syntax test must be rejected');
  };
}

export const SERQL_SUITE: Suite = {
  name: 'svc-serql',
  manifests: [path.relative(w3cRoot(), path.join(SERQL_CASES_DIR, 'manifest.ttl'))],
  handlers: new HandlerRegistry({
    [MF.QueryEvaluationTest]: queryEvaluation,
    [MF.PositiveSyntaxTest]: syntaxTest(true),
    [MF.NegativeSyntaxTest]: syntaxTest(false),
  }),
  mode: 'in-process',
  expectedFailures: [],
};
