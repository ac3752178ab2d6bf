/**
 * The W3C SPARQL 1.0 and 1.1 query suites of `sparql-query.test.ts`, on the
 * NativeStore: same tests, same expected-failure lists.
 */
import t from 'tap';
import { createContext } from '../runner/context.ts';
import { tapSuite } from '../runner/tap.ts';
import { nativeStores } from './native-stores.ts';
import { SPARQL_QUERY_SUITES } from './sparql-suites.ts';

const ctx = createContext({ openStore: nativeStores((cleanup) => t.teardown(cleanup)) });
for (const suite of SPARQL_QUERY_SUITES) {
  await t.test(`${suite.name} (NativeStore)`, async (t) => {
    await tapSuite(t, suite, ctx);
  });
}
