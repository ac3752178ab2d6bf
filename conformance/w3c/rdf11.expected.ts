/**
 * Expected failures of the RDF 1.1 syntax suites, per suite: test IRI and
 * reason. Empty is the target; the list only shrinks. Every entry here is a
 * bug in src/formats, reported to its owner.
 */
import type { KnownIssue } from '../runner/suite.ts';

const EMPTY_DOCUMENT = 'an empty document is valid, but our parser reports "unexpected end of input"';
const RDFXML_HANG =
  'our RDF/XML parser never settles on this invalid input (it awaits "drain" after the stream errored), so the runner times it out';

export const RDF11_EXPECTED_FAILURES: Readonly<Record<string, readonly KnownIssue[]>> = {
  'rdf11-turtle': [
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-turtle/manifest.ttl#turtle-syntax-file-01', reason: EMPTY_DOCUMENT },
  ],
  'rdf11-trig': [
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-trig/manifest.ttl#trig-syntax-file-01', reason: EMPTY_DOCUMENT },
  ],
  'rdf11-xml': [
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdf-containers-syntax-vs-schema-error001', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdf-containers-syntax-vs-schema-error002', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-abouteach-error001', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-abouteach-error002', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-difference-between-ID-and-about-error1', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-empty-property-elements-error001', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-empty-property-elements-error002', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-rdf-id-error001', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-rdf-id-error002', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-rdf-id-error003', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-rdf-id-error004', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-rdf-id-error005', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-rdf-id-error006', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-rdf-id-error007', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-rdf-names-use-error-001', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-rdf-names-use-error-002', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-rdf-names-use-error-003', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-rdf-names-use-error-004', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-rdf-names-use-error-005', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-rdf-names-use-error-006', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-rdf-names-use-error-007', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-rdf-names-use-error-008', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-rdf-names-use-error-009', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-rdf-names-use-error-010', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-rdf-names-use-error-011', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-rdf-names-use-error-012', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-rdf-names-use-error-013', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-rdf-names-use-error-014', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-rdf-names-use-error-015', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-rdf-names-use-error-016', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-rdf-names-use-error-017', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-rdf-names-use-error-018', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-rdf-names-use-error-019', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-rdf-names-use-error-020', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-syntax-incomplete-error001', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-syntax-incomplete-error002', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-syntax-incomplete-error003', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-syntax-incomplete-error004', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-syntax-incomplete-error005', reason: RDFXML_HANG },
    { test: 'https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-xml/manifest.ttl#rdfms-syntax-incomplete-error006', reason: RDFXML_HANG },
  ],
};
