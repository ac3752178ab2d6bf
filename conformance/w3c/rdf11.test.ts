/**
 * The W3C RDF 1.1 syntax suites (Turtle, TriG, N-Triples, N-Quads, RDF/XML)
 * run against our parsers: one tap assertion per W3C test.
 */
import t from 'tap';
import { createContext } from '../runner/context.ts';
import { tapSuite } from '../runner/tap.ts';
import { RDF11_SUITES } from './suites.ts';

const ctx = createContext();
for (const suite of RDF11_SUITES) {
  await t.test(suite.name, async (t) => {
    await tapSuite(t, suite, ctx);
  });
}
