/**
 * The server suites (w3c-suites.md §5): the W3C SPARQL 1.1 Protocol (34),
 * Graph Store Protocol (13) and Service Description (3) tests, and our own cases for every row of the
 * spec's §4 tables (one Turtle manifest per section, `manifest.ttl` includes
 * them all). All run over HTTP against `--endpoint`, on one repository.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HandlerRegistry } from '../runner/registry.ts';
import type { KnownIssue, Suite } from '../runner/suite.ts';
import { SuiteFiles, w3cRoot } from '../runner/suite-files.ts';
import { httpTestHandlers } from './http-test.ts';
import { serviceDescriptionHandlers } from './service-description.ts';

const handlers = new HandlerRegistry(httpTestHandlers);
const serviceDescription = new HandlerRegistry(serviceDescriptionHandlers);

/** Our manifests live in this folder; suites name manifests relative to the W3C root, so the path is made relative to it. */
export const PROTOCOL_CASES_DIR = path.dirname(fileURLToPath(import.meta.url));
const ours = (file: string) => path.relative(w3cRoot(), path.join(PROTOCOL_CASES_DIR, file));
/** The published base of our cases: their test IRIs in reports and in the lists below. */
export const PROTOCOL_CASES_URL = 'https://svc.org/conformance/protocol/';

/** The W3C files plus our cases under `PROTOCOL_CASES_URL` (without the mount, our test IRIs are file: URLs). */
export function protocolSuiteFiles(root = w3cRoot()): SuiteFiles {
  return new SuiteFiles(root).mount(PROTOCOL_CASES_URL, PROTOCOL_CASES_DIR);
}

/** Tests this server does not pass yet, each with its reason (the lists only shrink). */
export const PROTOCOL_EXPECTED_FAILURES: readonly KnownIssue[] = [];

export const GSP_EXPECTED_FAILURES: readonly KnownIssue[] = [];

/** Our cases that fail today, each with its reason. */
export const SVC_EXPECTED_FAILURES: readonly KnownIssue[] = [];

export const PROTOCOL_SUITES: readonly Suite[] = [
  {
    // covers: §4.3
    name: 'w3c-sparql11-protocol',
    manifests: ['rdf-tests/sparql/sparql11/protocol/manifest.ttl'],
    handlers,
    mode: 'http',
    expectedFailures: PROTOCOL_EXPECTED_FAILURES,
    timeoutMs: 10_000,
  },
  {
    // covers: §4.9
    name: 'w3c-sparql11-graph-store-protocol',
    manifests: ['rdf-tests/sparql/sparql11/graph-store-protocol/manifest.ttl'],
    handlers,
    mode: 'http',
    expectedFailures: GSP_EXPECTED_FAILURES,
    timeoutMs: 10_000,
  },
  {
    name: 'w3c-sparql11-service-description',
    manifests: ['rdf-tests/sparql/sparql11/service-description/manifest.ttl'],
    handlers: serviceDescription,
    mode: 'http',
    timeoutMs: 10_000,
  },
  {
    name: 'svc-protocol',
    manifests: [ours('manifest.ttl')],
    handlers,
    mode: 'http',
    expectedFailures: SVC_EXPECTED_FAILURES,
    timeoutMs: 10_000,
  },
];
