/**
 * Which W3C manifests run, with which handlers, in which mode
 * (w3c-suites.md §6 "useful targets"). `npm test` runs the in-process suites;
 * `svc conformance --endpoint URL` runs `HTTP_SUITES`. To add a suite, add one
 * entry here; to add a test type, register its handler in the suite's registry.
 */
import { rdfSyntaxHandlers } from '../runner/handlers/rdf-syntax.ts';
import { jsonLdHandlers } from '../runner/handlers/jsonld.ts';
import { HandlerRegistry } from '../runner/registry.ts';
import type { Suite } from '../runner/suite.ts';
import { PROTOCOL_SUITES } from '../protocol/suites.ts';
import { RDF11_EXPECTED_FAILURES } from './rdf11.expected.ts';
import { JSONLD_EXPECTED_FAILURES, JSONLD_NOT_RUN } from './jsonld.expected.ts';

/** Parsing one test file takes milliseconds; a parser that hangs fails after this long. */
const PARSE_TIMEOUT_MS = 1000;

const rdfSyntax = new HandlerRegistry(rdfSyntaxHandlers);

const rdf11 = (name: string, folder: string): Suite => ({
  name,
  manifests: [`rdf-tests/rdf/rdf11/${folder}/manifest.ttl`],
  handlers: rdfSyntax,
  mode: 'in-process',
  expectedFailures: RDF11_EXPECTED_FAILURES[name] ?? [],
  timeoutMs: PARSE_TIMEOUT_MS,
});

/** RDF 1.1 syntax suites: positive, negative and evaluation tests for our parsers. */
export const RDF11_SUITES: readonly Suite[] = [
  // covers: §4.15/Turtle
  rdf11('rdf11-turtle', 'rdf-turtle'),
  // covers: §4.15/TriG
  rdf11('rdf11-trig', 'rdf-trig'),
  // covers: §4.15/N-Triples
  rdf11('rdf11-n-triples', 'rdf-n-triples'),
  // covers: §4.15/N-Quads
  rdf11('rdf11-n-quads', 'rdf-n-quads'),
  // covers: §4.15/RDF-XML
  rdf11('rdf11-xml', 'rdf-xml'),
];

const jsonLd = new HandlerRegistry(jsonLdHandlers);

const jsonLdSuite = (name: string, manifest: string): Suite => ({
  name,
  manifests: [`json-ld-api/tests/${manifest}`],
  handlers: jsonLd,
  mode: 'in-process',
  expectedFailures: JSONLD_EXPECTED_FAILURES[name] ?? [],
  notRun: JSONLD_NOT_RUN[name] ?? [],
  timeoutMs: PARSE_TIMEOUT_MS,
});

/** JSON-LD 1.1 toRdf and fromRdf through our JSON-LD format. */
export const JSONLD_SUITES: readonly Suite[] = [
  // covers: §4.15/JSON-LD
  jsonLdSuite('jsonld-toRdf', 'toRdf-manifest.jsonld'),
  // covers: §4.15/JSON-LD
  jsonLdSuite('jsonld-fromRdf', 'fromRdf-manifest.jsonld'),
];

/**
 * Suites that run against a server (`--endpoint`): the W3C SPARQL Protocol and
 * Graph Store Protocol suites and our §4 cases (conformance/protocol/suites.ts).
 */
export const HTTP_SUITES: readonly Suite[] = [...PROTOCOL_SUITES];
