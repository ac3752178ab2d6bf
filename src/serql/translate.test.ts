/**
 * The SeRQL → algebra translation (README.md), as golden files: each
 * `golden/<case>.serql` must translate into the printed algebra in
 * `golden/<case>.algebra`. `SERQL_GOLDEN=write npx tap src/serql/translate.test.ts`
 * rewrites the expected files after a deliberate change (review the diff).
 * Then the static errors the translation reports.
 */
import t, { type Test } from 'tap';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { QueryEvaluationError } from '../sparql/api.ts';
import { printQuery } from './harness.ts';
import { parseSerql } from './parse.ts';

const dir = new URL('./golden/', import.meta.url);
const write = process.env.SERQL_GOLDEN === 'write';

for (const file of readdirSync(dir).filter((f) => f.endsWith('.serql')).sort()) {
  const name = file.slice(0, -'.serql'.length);
  t.test(`golden: ${name}`, async (t) => {
    const printed = printQuery(parseSerql(readFileSync(new URL(file, dir), 'utf8'))) + '\n';
    const expected = new URL(`${name}.algebra`, dir);
    if (write) writeFileSync(expected, printed);
    t.equal(printed, readFileSync(expected, 'utf8'));
  });
}

/** The query fails at `line:column` with a message matching `message`. */
function fails(t: Test, text: string, message: RegExp): void {
  t.throws(() => parseSerql(text), { name: 'MalformedQueryError', message }, text);
}

t.test('namespaces: undefined prefixes and conflicting declarations', async (t) => {
  fails(t, 'SELECT X FROM {X} foo:p {Y}', /line 1, column 19: QName "foo:p" uses an undefined prefix/);
  fails(t, 'SELECT X FROM {X} <http://p> {"1"^^foo:t}', /line 1, column 31: QName "foo:t" uses an undefined prefix/);
  fails(t, 'SELECT X FROM {X} a:p {Y} USING NAMESPACE a = <http://a/>, a = <http://b/>', /line 1, column 60: multiple namespace declarations for prefix "a"/);
  t.doesNotThrow(() => parseSerql('SELECT X FROM {X} a:p {Y} USING NAMESPACE a = <http://a/>, a = <http://a/>'), 'a repeated identical declaration is fine');
  const overridden = parseSerql('SELECT X FROM {X} rdf:p {Y} USING NAMESPACE rdf = <http://mine/>');
  t.equal(overridden.prefixes.get('rdf'), 'http://mine/', 'a declaration overrides a predeclared prefix');
});

t.test('projection: unbound variables and duplicate names', async (t) => {
  fails(t, 'SELECT X, Z FROM {X} p {Y}', /line 1, column 11: unbound variable\(s\) in projection: Z/);
  fails(t, 'SELECT X FROM {Y} p {Z} WHERE X = Y', /unbound variable\(s\) in projection: X/);
  fails(t, 'SELECT X, Y AS X FROM {X} p {Y}', /line 1, column 11: duplicate projection element name "X"/);
});

t.test('null and subqueries without a value', async (t) => {
  fails(t, 'SELECT X FROM {X} p {Y} WHERE Y < null', /line 1, column 33: null can only be compared to a variable/);
  fails(t, 'SELECT X FROM {X} p {Y} WHERE null LIKE "a"', /line 1, column 31: null is only allowed in = and != comparisons/);
  fails(t, 'SELECT X FROM {X} p {Y} WHERE Y = ANY (SELECT FROM {Z} q {W})', /line 1, column 40: the subquery must project a value/);
});

t.test('MINUS and INTERSECT between CONSTRUCT queries are reported as unsupported', async (t) => {
  t.throws(() => parseSerql('CONSTRUCT * FROM {X} p {Y} MINUS CONSTRUCT * FROM {X} q {Y}'), QueryEvaluationError);
  t.throws(() => parseSerql('CONSTRUCT * FROM {X} p {Y} UNION CONSTRUCT * FROM {X} q {Y} INTERSECT CONSTRUCT * FROM {X} r {Y}'), QueryEvaluationError);
});

t.test('the query knows its form, variables and prefixes', async (t) => {
  const query = parseSerql('SELECT * FROM {X} ex:p {Y}; ex:q {} USING NAMESPACE ex = <http://ex/>', { baseIRI: 'http://base/' });
  t.equal(query.form, 'SELECT');
  t.same(query.form === 'SELECT' && query.variables, ['X', 'Y'], 'SELECT * leaves out anonymous variables');
  t.same([...query.prefixes.keys()], ['ex', 'rdf', 'rdfs', 'xsd', 'owl', 'sesame', 'svc']);
  t.equal(query.base, 'http://base/');
  t.equal(query.from, undefined, 'SeRQL has no dataset clause');
});
