/**
 * The W3C SPARQL 1.1 Update suite (`sparql11/manifest-sparql11-update.ttl`:
 * evaluation tests of every operation, and the update syntax tests) against
 * `prepareUpdate` over a MemoryStore: one tap assertion per test.
 */
import t from 'tap';
import { createContext } from '../runner/context.ts';
import { HandlerRegistry } from '../runner/registry.ts';
import type { Suite } from '../runner/suite.ts';
import { tapSuite } from '../runner/tap.ts';
import { UPDATE_EXPECTED_FAILURES } from './update-expected.ts';
import { sparqlUpdateHandlers } from './update-handlers.ts';

// covers: SPARQL 1.1 Update (spec §4.5 update, §4.13 transaction UPDATE)
export const SPARQL_UPDATE_SUITE: Suite = {
  name: 'sparql11-update',
  manifests: ['rdf-tests/sparql/sparql11/manifest-sparql11-update.ttl'],
  handlers: new HandlerRegistry(sparqlUpdateHandlers),
  mode: 'in-process',
  expectedFailures: UPDATE_EXPECTED_FAILURES,
};

await tapSuite(t, SPARQL_UPDATE_SUITE, createContext());
