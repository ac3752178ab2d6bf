/**
 * Handlers for the RDF 1.1 syntax tests (W3C RDF test vocabulary `rdft:`;
 * RDF 1.1 Turtle §7, TriG, N-Triples, N-Quads, RDF/XML test suites). They run
 * OUR parsers from the format registry:
 * - positive syntax: the action parses without error;
 * - negative syntax: parsing rejects the action with a `ParseError`;
 * - evaluation: the action parses to a dataset isomorphic to the result
 *   (N-Triples or N-Quads, parsed by our parsers too).
 * Action files are parsed with the base of w3c-suites.md §4.1.
 */
import { ParseError } from '../../../src/formats/format.ts';
import type { Quad, Term } from '../../../src/rdf/terms.ts';
import { assertIsomorphic } from '../compare-quads.ts';
import type { RunContext } from '../context.ts';
import { parseBaseOf, type TestCase } from '../manifest.ts';
import { parseQuads, requireFormat } from '../rdf-input.ts';
import { TestFailure, type HandlerTable, type TestHandler } from '../registry.ts';
import { RDFT } from '../vocab.ts';

type Kind = 'positive' | 'negative' | 'eval';

/** Test type → (extension of the syntax under test, kind of test). */
const RDF_SYNTAX_TESTS: readonly (readonly [string, string, Kind])[] = [
  [RDFT.TestTurtlePositiveSyntax, 'ttl', 'positive'],
  [RDFT.TestTurtleNegativeSyntax, 'ttl', 'negative'],
  [RDFT.TestTurtleEval, 'ttl', 'eval'],
  [RDFT.TestTrigPositiveSyntax, 'trig', 'positive'],
  [RDFT.TestTrigNegativeSyntax, 'trig', 'negative'],
  [RDFT.TestTrigEval, 'trig', 'eval'],
  [RDFT.TestTriGPositiveSyntax, 'trig', 'positive'],
  [RDFT.TestTriGNegativeSyntax, 'trig', 'negative'],
  [RDFT.TestTriGEval, 'trig', 'eval'],
  [RDFT.TestNTriplesPositiveSyntax, 'nt', 'positive'],
  [RDFT.TestNTriplesNegativeSyntax, 'nt', 'negative'],
  [RDFT.TestNQuadsPositiveSyntax, 'nq', 'positive'],
  [RDFT.TestNQuadsNegativeSyntax, 'nq', 'negative'],
  [RDFT.TestXMLEval, 'rdf', 'eval'],
  [RDFT.TestXMLNegativeSyntax, 'rdf', 'negative'],
];

export const rdfSyntaxHandlers: HandlerTable = Object.fromEntries(
  RDF_SYNTAX_TESTS.map(([type, extension, kind]) => [type, syntaxHandler(extension, kind)]),
);

function syntaxHandler(extension: string, kind: Kind): TestHandler {
  return async (test, ctx) => {
    const parse = () => parseAction(test, ctx, extension);
    if (kind === 'positive') await parse();
    else if (kind === 'negative') await expectParseError(parse);
    else assertIsomorphic(await parseExpected(test, ctx), await parse());
  };
}

async function parseAction(test: TestCase, ctx: RunContext, extension: string): Promise<Quad[]> {
  const action = fileOf(test, test.action, 'mf:action');
  return parseQuads(requireFormat(extension), await ctx.files.read(action), parseBaseOf(test, action));
}

/** The expected dataset: an N-Triples or N-Quads file, chosen by its extension. */
async function parseExpected(test: TestCase, ctx: RunContext): Promise<Quad[]> {
  const result = fileOf(test, test.result, 'mf:result');
  const extension = result.slice(result.lastIndexOf('.') + 1);
  return parseQuads(requireFormat(extension), await ctx.files.read(result), parseBaseOf(test, result));
}

/**
 * A negative test passes only when our parser reports a `ParseError` (the
 * server's 400); `expected` names the error the test wants, for the message.
 */
export async function expectParseError(parse: () => Promise<Quad[]>, expected = 'a ParseError'): Promise<void> {
  let quads: Quad[];
  try {
    quads = await parse();
  } catch (error) {
    if (error instanceof ParseError) return;
    throw new TestFailure(`expected ${expected} as a ParseError, got ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
  }
  throw new TestFailure(`accepted invalid input (${quads.length} quads parsed); expected ${expected}`);
}

function fileOf(test: TestCase, term: Term | undefined, property: string): string {
  if (term?.termType !== 'NamedNode') throw new TestFailure(`test <${test.iri}> has no ${property} file`);
  return term.value;
}
