/** The W3C SPARQL 1.1 Update suites of `update-suite.test.ts`, on the NativeStore. */
import t from 'tap';
import { createContext } from '../runner/context.ts';
import { tapSuite } from '../runner/tap.ts';
import { nativeStores } from './native-stores.ts';
import { SPARQL_UPDATE_SUITES } from './update-suites.ts';

const ctx = createContext({ openStore: nativeStores((cleanup) => t.teardown(cleanup)) });
for (const suite of SPARQL_UPDATE_SUITES) {
  await t.test(`${suite.name} (NativeStore)`, async (t) => {
    await tapSuite(t, suite, ctx);
  });
}
