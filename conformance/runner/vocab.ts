/**
 * The W3C test-manifest vocabularies (w3c-suites.md §2): the IRIs the runner
 * reads from manifests, the test types handlers register for, and EARL terms
 * for reports. Only the terms the code names are listed.
 */
const ns =
  (base: string) =>
  <T extends string>(...names: T[]): Readonly<Record<T, string>> =>
    Object.fromEntries(names.map((name) => [name, base + name])) as Record<T, string>;

export const MF_NS = 'http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#';
export const QT_NS = 'http://www.w3.org/2001/sw/DataAccess/tests/test-query#';
export const UT_NS = 'http://www.w3.org/2009/sparql/tests/test-update#';
export const DAWGT_NS = 'http://www.w3.org/2001/sw/DataAccess/tests/test-dawg#';
export const RDFT_NS = 'http://www.w3.org/ns/rdftest#';
export const HT_NS = 'http://www.w3.org/2011/http#';
export const JLD_NS = 'https://w3c.github.io/json-ld-api/tests/vocab#';
export const EARL_NS = 'http://www.w3.org/ns/earl#';

export const MF = ns(MF_NS)(
  'Manifest', 'entries', 'include', 'name', 'action', 'result', 'requires', 'assumedTestBase',
  // SPARQL test types, registered by the SPARQL and protocol suites.
  'QueryEvaluationTest', 'UpdateEvaluationTest', 'CSVResultFormatTest',
  'PositiveSyntaxTest', 'NegativeSyntaxTest', 'PositiveSyntaxTest11', 'NegativeSyntaxTest11',
  'PositiveUpdateSyntaxTest11', 'NegativeUpdateSyntaxTest11',
  'ProtocolTest', 'GraphStoreProtocolTest', 'ServiceDescriptionTest',
);
export const QT = ns(QT_NS)('query', 'data', 'graphData', 'serviceData', 'endpoint');
export const UT = ns(UT_NS)('request', 'data', 'graphData', 'graph');
export const DAWGT = ns(DAWGT_NS)('approval', 'Approved', 'Proposed', 'NotApproved', 'Rejected', 'Withdrawn', 'Deprecated');
export const RDFT = ns(RDFT_NS)(
  'approval', 'Approved', 'Proposed', 'Rejected',
  'TestTurtleEval', 'TestTurtlePositiveSyntax', 'TestTurtleNegativeSyntax',
  // The manifests spell TriG "Trig"; rdftest.ttl spells it "TriG". Both are registered.
  'TestTrigEval', 'TestTrigPositiveSyntax', 'TestTrigNegativeSyntax',
  'TestTriGEval', 'TestTriGPositiveSyntax', 'TestTriGNegativeSyntax',
  'TestNTriplesPositiveSyntax', 'TestNTriplesNegativeSyntax',
  'TestNQuadsPositiveSyntax', 'TestNQuadsNegativeSyntax',
  'TestXMLEval', 'TestXMLNegativeSyntax',
);
export const JLD = ns(JLD_NS)(
  'PositiveEvaluationTest', 'NegativeEvaluationTest', 'PositiveSyntaxTest',
  'ToRDFTest', 'FromRDFTest', 'option',
);
export const RDFS_LABEL = 'http://www.w3.org/2000/01/rdf-schema#label';
export const RDFS_COMMENT = 'http://www.w3.org/2000/01/rdf-schema#comment';

/** Approval states whose tests are not run (counted as skipped with the state as reason). */
export const NOT_RUN_APPROVALS: ReadonlySet<string> = new Set([
  RDFT.Rejected, DAWGT.Rejected, DAWGT.Withdrawn, DAWGT.Deprecated,
]);
