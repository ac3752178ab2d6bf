/**
 * The W3C SPARQL 1.1 Update suite (`sparql11/manifest-sparql11-update.ttl`:
 * evaluation tests of every operation and the update syntax tests), run in
 * process against `prepareUpdate` over a MemoryStore. Import this table to
 * run it elsewhere (the CLI); `update-suite.test.ts` runs it under tap.
 */
import { HandlerRegistry } from '../runner/registry.ts';
import type { Suite } from '../runner/suite.ts';
import { UPDATE_EXPECTED_FAILURES } from './update-expected.ts';
import { sparqlUpdateHandlers } from './update-handlers.ts';

// covers: SPARQL 1.1 Update (spec §4.5 update, §4.13 transaction UPDATE)
export const SPARQL_UPDATE_SUITES: readonly Suite[] = [
  {
    name: 'sparql11-update',
    manifests: ['rdf-tests/sparql/sparql11/manifest-sparql11-update.ttl'],
    handlers: new HandlerRegistry(sparqlUpdateHandlers),
    mode: 'in-process',
    expectedFailures: UPDATE_EXPECTED_FAILURES,
  },
];
