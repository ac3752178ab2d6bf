/**
 * Known issues of the JSON-LD toRdf and fromRdf suites, per suite, each with
 * its reason (generated once from a run, then reviewed; the lists only shrink).
 * - `JSONLD_NOT_RUN`: tests the runner cannot set up: JSON-LD 1.0 only, options
 *   the RdfFormat contract cannot pass, or remote contexts.
 * - `JSONLD_EXPECTED_FAILURES`: tests we run and fail, with the cause.
 */
import type { KnownIssue } from '../runner/suite.ts';

const REMOTE_CONTEXT =
  'loads a remote context: our JSON-LD parser never fetches documents an upload names, and RdfFormat.parse takes no document loader';

export const JSONLD_NOT_RUN: Readonly<Record<string, readonly KnownIssue[]>> = {
  'jsonld-toRdf': [
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#t0118', reason: 'needs option produceGeneralizedRdf=true, which the RdfFormat contract cannot pass' },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#tc029', reason: 'needs processingMode json-ld-1.0, which RdfFormat.parse cannot set' },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#tc031', reason: REMOTE_CONTEXT },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#tc034', reason: REMOTE_CONTEXT },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#tdi09', reason: 'needs option rdfDirection=i18n-datatype, which the RdfFormat contract cannot pass' },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#tdi10', reason: 'needs option rdfDirection=i18n-datatype, which the RdfFormat contract cannot pass' },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#tdi11', reason: 'needs option rdfDirection=compound-literal, which the RdfFormat contract cannot pass' },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#tdi12', reason: 'needs option rdfDirection=compound-literal, which the RdfFormat contract cannot pass' },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#te014', reason: 'JSON-LD 1.0 only (specVersion json-ld-1.0); we are a 1.1 processor' },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#te026', reason: 'JSON-LD 1.0 only (specVersion json-ld-1.0); we are a 1.1 processor' },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#te038', reason: 'JSON-LD 1.0 only (specVersion json-ld-1.0); we are a 1.1 processor' },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#te071', reason: 'JSON-LD 1.0 only (specVersion json-ld-1.0); we are a 1.1 processor' },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#te075', reason: 'needs processingMode json-ld-1.0, which RdfFormat.parse cannot set' },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#te077', reason: 'needs option expandContext=https://w3c.github.io/json-ld-api/tests/toRdf/e077-context.jsonld, which the RdfFormat contract cannot pass' },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#te115', reason: 'JSON-LD 1.0 only (specVersion json-ld-1.0); we are a 1.1 processor' },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#te116', reason: 'JSON-LD 1.0 only (specVersion json-ld-1.0); we are a 1.1 processor' },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#te126', reason: REMOTE_CONTEXT },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#te127', reason: REMOTE_CONTEXT },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#te128', reason: REMOTE_CONTEXT },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#tep02', reason: 'needs processingMode json-ld-1.0, which RdfFormat.parse cannot set' },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#ter02', reason: 'JSON-LD 1.0 only (specVersion json-ld-1.0); we are a 1.1 processor' },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#ter03', reason: 'JSON-LD 1.0 only (specVersion json-ld-1.0); we are a 1.1 processor' },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#ter21', reason: 'needs processingMode json-ld-1.0, which RdfFormat.parse cannot set' },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#ter24', reason: 'JSON-LD 1.0 only (specVersion json-ld-1.0); we are a 1.1 processor' },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#ter32', reason: 'JSON-LD 1.0 only (specVersion json-ld-1.0); we are a 1.1 processor' },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#ter42', reason: 'needs processingMode json-ld-1.0, which RdfFormat.parse cannot set' },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#tpi01', reason: 'needs processingMode json-ld-1.0, which RdfFormat.parse cannot set' },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#tso01', reason: 'needs processingMode json-ld-1.0, which RdfFormat.parse cannot set' },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#tso05', reason: REMOTE_CONTEXT },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#tso06', reason: REMOTE_CONTEXT },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#tso08', reason: REMOTE_CONTEXT },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#tso09', reason: REMOTE_CONTEXT },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#tso11', reason: REMOTE_CONTEXT },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#ttn01', reason: 'needs processingMode json-ld-1.0, which RdfFormat.parse cannot set' },
  ],
  'jsonld-fromRdf': [
    { test: 'https://w3c.github.io/json-ld-api/tests/fromRdf-manifest#t0008', reason: 'JSON-LD 1.0 only (specVersion json-ld-1.0); we are a 1.1 processor' },
    { test: 'https://w3c.github.io/json-ld-api/tests/fromRdf-manifest#t0018', reason: 'needs option useNativeTypes=true, which the RdfFormat contract cannot pass' },
    { test: 'https://w3c.github.io/json-ld-api/tests/fromRdf-manifest#t0019', reason: 'needs option useRdfType=true, which the RdfFormat contract cannot pass' },
    { test: 'https://w3c.github.io/json-ld-api/tests/fromRdf-manifest#t0027', reason: 'needs option useNativeTypes=true, which the RdfFormat contract cannot pass' },
    { test: 'https://w3c.github.io/json-ld-api/tests/fromRdf-manifest#t0028', reason: 'needs option useNativeTypes=true, which the RdfFormat contract cannot pass' },
    { test: 'https://w3c.github.io/json-ld-api/tests/fromRdf-manifest#tdi05', reason: 'needs option rdfDirection=i18n-datatype, which the RdfFormat contract cannot pass' },
    { test: 'https://w3c.github.io/json-ld-api/tests/fromRdf-manifest#tdi06', reason: 'needs option rdfDirection=i18n-datatype, which the RdfFormat contract cannot pass' },
    { test: 'https://w3c.github.io/json-ld-api/tests/fromRdf-manifest#tdi07', reason: 'needs option rdfDirection=i18n-datatype, which the RdfFormat contract cannot pass' },
    { test: 'https://w3c.github.io/json-ld-api/tests/fromRdf-manifest#tdi08', reason: 'needs option rdfDirection=i18n-datatype, which the RdfFormat contract cannot pass' },
    { test: 'https://w3c.github.io/json-ld-api/tests/fromRdf-manifest#tdi09', reason: 'needs option rdfDirection=compound-literal, which the RdfFormat contract cannot pass' },
    { test: 'https://w3c.github.io/json-ld-api/tests/fromRdf-manifest#tdi10', reason: 'needs option rdfDirection=compound-literal, which the RdfFormat contract cannot pass' },
    { test: 'https://w3c.github.io/json-ld-api/tests/fromRdf-manifest#tdi11', reason: 'needs option rdfDirection=compound-literal, which the RdfFormat contract cannot pass' },
    { test: 'https://w3c.github.io/json-ld-api/tests/fromRdf-manifest#tdi12', reason: 'needs option rdfDirection=compound-literal, which the RdfFormat contract cannot pass' },
  ],
};

export const JSONLD_EXPECTED_FAILURES: Readonly<Record<string, readonly KnownIssue[]>> = {
  'jsonld-toRdf': [
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#tc037', reason: 'the jsonld package (9.0.0) that our parser wraps fails this test on its own' },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#tc038', reason: 'the jsonld package (9.0.0) that our parser wraps fails this test on its own' },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#te111', reason: 'the jsonld package (9.0.0) that our parser wraps fails this test on its own' },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#te112', reason: 'the jsonld package (9.0.0) that our parser wraps fails this test on its own' },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#ter54', reason: 'the jsonld package (9.0.0) that our parser wraps fails this test on its own' },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#ter56', reason: 'the jsonld package (9.0.0) that our parser wraps fails this test on its own' },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#tli12', reason: 'the jsonld package (9.0.0) that our parser wraps fails this test on its own' },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#tli14', reason: 'the jsonld package (9.0.0) that our parser wraps fails this test on its own' },
    { test: 'https://w3c.github.io/json-ld-api/tests/toRdf-manifest#twf05', reason: 'the jsonld package (9.0.0) that our parser wraps fails this test on its own' },
  ],
  'jsonld-fromRdf': [],
};

