/**
 * Known issues of the W3C SPARQL query suites, per suite: test IRI and reason.
 * Expected failures run and are reported as tap `todo`; not-run tests are
 * counted as skipped. The lists only shrink.
 */
import type { KnownIssue } from '../runner/suite.ts';

const R2 = 'http://www.w3.org/2001/sw/DataAccess/tests/data-r2/';
const S11 = 'http://www.w3.org/2009/sparql/docs/tests/data-sparql11/';

const NUMERIC_LEXICAL = 'expression library (src/sparql/expr): the lexical form of a computed numeric differs from the one the test expects';

const issue = (test: string, reason: string): KnownIssue => ({ test, reason });

export const SPARQL_EXPECTED_FAILURES: Readonly<Record<string, readonly KnownIssue[]>> = {
  'sparql10-query': [
    issue(`${R2}basic/manifest#term-8`, 'sparqljs reads the integer +5 as "5": the lexical form "+5" of the data is lost, so the pattern matches nothing'),
    issue(`${R2}construct/manifest#construct-3`, 'sparqljs fails on a CONSTRUCT template triple that is a bare blank-node property list `[ … ] .`'),
    issue(`${R2}expr-ops/manifest#add-numbers-cast`, NUMERIC_LEXICAL),
    issue(`${R2}expr-ops/manifest#subtract-numbers-cast`, NUMERIC_LEXICAL),
    issue(`${R2}expr-ops/manifest#multiply-numbers-cast`, NUMERIC_LEXICAL),
    issue(`${R2}expr-ops/manifest#divide-numbers-cast`, NUMERIC_LEXICAL),
    issue(`${R2}expr-ops/manifest#unminus-2`, NUMERIC_LEXICAL),
  ],
  'sparql11-query': [
    issue(`${S11}aggregates/manifest#agg-min-02`, 'MIN returns the stored term 2E-1; the expected result spells it in canonical form 2.0E-1 (terms are compared exactly)'),
    issue(`${S11}aggregates/manifest#agg-avg-distinct`, NUMERIC_LEXICAL),
    issue(`${S11}aggregates/manifest#agg-sum-distinct`, NUMERIC_LEXICAL),
    issue(`${S11}cast/manifest#cast-float`, NUMERIC_LEXICAL),
    issue(`${S11}cast/manifest#cast-double`, NUMERIC_LEXICAL),
    issue(`${S11}cast/manifest#cast-decimal`, NUMERIC_LEXICAL),
    issue(`${S11}functions/manifest#ceil01`, NUMERIC_LEXICAL),
    issue(`${S11}functions/manifest#floor01`, NUMERIC_LEXICAL),
    issue(`${S11}functions/manifest#round01`, NUMERIC_LEXICAL),
    issue(`${S11}functions/manifest#seconds`, NUMERIC_LEXICAL),
  ],
  'sparql11-results': [
    issue(`${S11}csv-tsv-res/manifest#tsv03`, 'the expected TSV writes the double 1.0E6 of the data as 1.0e6; terms are compared exactly (w3c-suites.md §4.3)'),
  ],
};

/** The entailment-regime tests (sparql11/entailment), by name: they need an RDFS/OWL/RIF inferencer. */
const ENTAILMENT_TESTS = [
  'bind01', 'bind02', 'bind03', 'bind04', 'bind05', 'bind06', 'bind07', 'bind08', 'd-ent-01', 'lang', 'owlds01',
  'owlds02', 'paper-sparqldl-Q1', 'paper-sparqldl-Q1-rdfs', 'paper-sparqldl-Q2', 'paper-sparqldl-Q3',
  'paper-sparqldl-Q4', 'paper-sparqldl-Q5', 'parent10', 'parent2', 'parent3', 'parent4', 'parent5', 'parent6',
  'parent7', 'parent8', 'parent9', 'plainLit', 'rdf01', 'rdf02', 'rdf03', 'rdf04', 'rdfs01', 'rdfs02', 'rdfs03',
  'rdfs04', 'rdfs05', 'rdfs06', 'rdfs07', 'rdfs08', 'rdfs09', 'rdfs10', 'rdfs11', 'rdfs12', 'rdfs13', 'rif01',
  'rif03', 'rif04', 'rif06', 'simple1', 'simple2', 'simple3', 'simple4', 'simple5', 'simple6', 'simple7', 'simple8',
  'sparqldl-01', 'sparqldl-02', 'sparqldl-03', 'sparqldl-04', 'sparqldl-05', 'sparqldl-06', 'sparqldl-07',
  'sparqldl-08', 'sparqldl-09', 'sparqldl-10', 'sparqldl-11', 'sparqldl-12', 'sparqldl-13',
];

export const SPARQL_NOT_RUN: Readonly<Record<string, readonly KnownIssue[]>> = {
  'sparql11-entailment': ENTAILMENT_TESTS.map((name) => issue(`${S11}entailment/manifest#${name}`, 'entailment — inferencer work later')),
};
