/**
 * The W3C JSON-LD 1.1 toRdf and fromRdf suites run through our JSON-LD format:
 * one tap assertion per W3C test; known issues listed in jsonld.expected.ts.
 */
import t from 'tap';
import { createContext } from '../runner/context.ts';
import { tapSuite } from '../runner/tap.ts';
import { JSONLD_SUITES } from './suites.ts';

const ctx = createContext();
for (const suite of JSONLD_SUITES) {
  await t.test(suite.name, async (t) => {
    await tapSuite(t, suite, ctx);
  });
}
