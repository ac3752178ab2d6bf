/**
 * The W3C SPARQL 1.0 and 1.1 query suites (evaluation, syntax, result
 * formats) against the engine over a MemoryStore: one tap assertion per test.
 * `sparql-query.native.test.ts` runs the same suites on the NativeStore.
 */
import t from 'tap';
import { createContext } from '../runner/context.ts';
import { tapSuite } from '../runner/tap.ts';
import { SPARQL_QUERY_SUITES } from './sparql-suites.ts';

const ctx = createContext();
for (const suite of SPARQL_QUERY_SUITES) {
  await t.test(suite.name, async (t) => {
    await tapSuite(t, suite, ctx);
  });
}
