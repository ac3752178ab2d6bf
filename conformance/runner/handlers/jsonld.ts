/**
 * Handlers for the JSON-LD 1.1 toRdf and fromRdf tests (json-ld-api
 * tests/README.md), run through OUR JSON-LD format (spec §4.15
 * `application/ld+json`):
 * - toRdf positive: our parser's quads are isomorphic to the expected N-Quads;
 * - toRdf negative: our parser rejects the input with a `ParseError`;
 * - toRdf positive syntax: the input parses;
 * - fromRdf: our N-Quads parser reads the input, our JSON-LD writer writes it,
 *   and the output, expanded, equals the expected document under JSON-LD
 *   object comparison (comparison only uses the `jsonld` package).
 * Options the `RdfFormat` contract cannot carry make a test fail loudly, so it
 * must be listed in the suite's `notRun` list with that reason.
 */
import type { Quad, Term } from '../../../src/rdf/terms.ts';
import { assertIsomorphic } from '../compare-quads.ts';
import type { RunContext } from '../context.ts';
import { expandJsonLd, type Json } from '../jsonld-adapter.ts';
import { jsonLdEqual } from '../jsonld-compare.ts';
import type { TestCase } from '../manifest.ts';
import { parseQuads, requireFormat } from '../rdf-input.ts';
import { TestFailure, type HandlerTable } from '../registry.ts';
import { expectParseError } from './rdf-syntax.ts';
import { JLD, JLD_NS } from '../vocab.ts';

/** Option values the runner can honour; any other option value needs a `notRun` entry. */
const HONOURED_OPTIONS: Readonly<Record<string, (value: string) => boolean>> = {
  base: () => true,
  specVersion: (v) => v === 'json-ld-1.1',
  processingMode: (v) => v === 'json-ld-1.1',
  normative: () => true,
  useJCS: () => true,
};

export const jsonLdHandlers: HandlerTable = {
  [JLD.ToRDFTest]: toRdf,
  [JLD.FromRDFTest]: fromRdf,
};

async function toRdf(test: TestCase, ctx: RunContext): Promise<void> {
  const input = fileOf(test, test.action);
  const base = baseOf(test, input);
  const parse = async () => parseQuads(requireFormat('jsonld'), await ctx.files.read(input), base);
  if (test.types.includes(JLD.NegativeEvaluationTest)) return expectParseError(parse, `"${test.result?.value ?? 'an error'}"`);
  const quads = await parse();
  if (test.types.includes(JLD.PositiveEvaluationTest)) {
    const expected = fileOf(test, test.result);
    assertIsomorphic(await parseQuads(requireFormat('nq'), await ctx.files.read(expected), expected), quads);
  }
}

async function fromRdf(test: TestCase, ctx: RunContext): Promise<void> {
  const input = fileOf(test, test.action);
  const base = baseOf(test, input);
  // Keep the input's blank-node labels: the expected documents use them.
  const convert = async () => writeJsonLd(await parseQuads(requireFormat('nq'), await ctx.files.read(input), base, { preserveBNodeIds: true }));
  if (test.types.includes(JLD.NegativeEvaluationTest)) return expectAnyError(convert, test.result);
  const written = JSON.parse(await convert()) as Json;
  const expected = fileOf(test, test.result);
  const want = await expandJsonLd(JSON.parse(await ctx.files.readText(expected)) as Json, expected, ctx.files);
  const got = await expandJsonLd(written, input, ctx.files);
  if (!jsonLdEqual(want, got)) {
    throw new TestFailure('written JSON-LD, expanded, differs from the expected document',
      `expected (expanded):\n${JSON.stringify(want, null, 1)}\nactual (expanded):\n${JSON.stringify(got, null, 1)}`);
  }
}

function writeJsonLd(quads: readonly Quad[]): string {
  const format = requireFormat('jsonld');
  if (!format.writer) throw new TestFailure('our JSON-LD format has no writer');
  const parts: string[] = [];
  const writer = format.writer({ write: (chunk) => void parts.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')) });
  for (const q of quads) writer.quad(q);
  writer.end();
  return parts.join('');
}

/** fromRdf errors may come from our N-Quads parser or our JSON-LD writer: any typed error counts. */
async function expectAnyError(convert: () => Promise<string>, errorCode: Term | undefined): Promise<void> {
  let output: string;
  try {
    output = await convert();
  } catch {
    return;
  }
  throw new TestFailure(`converted without error; expected "${errorCode?.value ?? 'an error'}"`, output);
}

/** The base IRI: the `base` option if given, else the input's own URL; unhonoured options fail the test. */
function baseOf(test: TestCase, input: string): string {
  const { graph } = test.manifest;
  const option = graph.object(test.node, JLD.option);
  if (!option) return input;
  for (const predicate of graph.predicates(option)) {
    const name = predicate.startsWith(JLD_NS) ? predicate.slice(JLD_NS.length) : predicate;
    const value = graph.value(option, predicate) ?? '';
    if (!HONOURED_OPTIONS[name]?.(value)) {
      throw new TestFailure(`needs option ${name}=${value}, which the RdfFormat contract cannot pass; list the test in notRun`);
    }
  }
  return graph.value(option, JLD_NS + 'base') ?? input;
}

function fileOf(test: TestCase, term: Term | undefined): string {
  if (term?.termType !== 'NamedNode') throw new TestFailure(`test <${test.iri}> lacks an input or expected file`);
  return term.value;
}
