/** The W3C SPARQL 1.1 Update suites (`update-suites.ts`) under tap: one assertion per test. */
import t from 'tap';
import { createContext } from '../runner/context.ts';
import { tapSuite } from '../runner/tap.ts';
import { SPARQL_UPDATE_SUITES } from './update-suites.ts';

const ctx = createContext();
for (const suite of SPARQL_UPDATE_SUITES) {
  await t.test(suite.name, async (t) => {
    await tapSuite(t, suite, ctx);
  });
}
