/**
 * The runner's test fixture (fixtures/manifest.ttl): a tiny suite with one
 * test of every outcome, published under a fake URL so base-IRI rules can be
 * checked. Shared by the runner's tests.
 */
import { fileURLToPath } from 'node:url';
import { createContext, type RunContext } from './context.ts';
import { rdfSyntaxHandlers } from './handlers/rdf-syntax.ts';
import { HandlerRegistry } from './registry.ts';
import { SuiteFiles } from './suite-files.ts';
import type { Suite } from './suite.ts';

export const FIXTURE_DIR = fileURLToPath(new URL('./fixtures/', import.meta.url));
export const FIXTURE_URL = 'https://tests.example/fixtures/';

export function fixtureContext(root = FIXTURE_DIR): RunContext {
  return createContext({ files: new SuiteFiles(root, FIXTURE_URL) });
}

export function fixtureSuite(overrides: Partial<Suite> = {}): Suite {
  return {
    name: 'fixture',
    manifests: ['manifest.ttl'],
    handlers: new HandlerRegistry(rdfSyntaxHandlers),
    mode: 'in-process',
    expectedFailures: [
      { test: FIXTURE_URL + 'manifest.ttl#eval-wrong', reason: 'wrong.nt has "y" where the data has "x"' },
      { test: FIXTURE_URL + 'manifest.ttl#listed-but-passes', reason: 'listed to check stale entries are reported' },
    ],
    ...overrides,
  };
}
