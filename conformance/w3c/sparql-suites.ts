/**
 * The W3C SPARQL query suites run in process (w3c-suites.md §6 "core
 * engine"): SPARQL 1.0 (data-r2) and the SPARQL 1.1 query and result-format
 * manifests, with the handlers of `sparql-handlers.ts`.
 */
import { HandlerRegistry } from '../runner/registry.ts';
import type { Suite } from '../runner/suite.ts';
import { sparqlQueryHandlers } from './sparql-handlers.ts';
import { SPARQL_EXPECTED_FAILURES, SPARQL_NOT_RUN } from './sparql-query.expected.ts';

const handlers = new HandlerRegistry(sparqlQueryHandlers);

const suite = (name: string, manifest: string): Suite => ({
  name,
  manifests: [`rdf-tests/sparql/${manifest}`],
  handlers,
  mode: 'in-process',
  expectedFailures: SPARQL_EXPECTED_FAILURES[name] ?? [],
  notRun: SPARQL_NOT_RUN[name] ?? [],
});

export const SPARQL_QUERY_SUITES: readonly Suite[] = [
  suite('sparql10-query', 'sparql10/manifest.ttl'),
  suite('sparql11-query', 'sparql11/manifest-sparql11-query.ttl'),
  suite('sparql11-results', 'sparql11/manifest-sparql11-results.ttl'),
  // SERVICE against mock endpoints answering from qt:serviceData (sparql-service-mock.ts).
  suite('sparql11-federation', 'sparql11/manifest-sparql11-fed.ttl'),
  // Entailment regimes: every test listed as not run until an inferencer exists.
  suite('sparql11-entailment', 'sparql11/entailment/manifest.ttl'),
];
