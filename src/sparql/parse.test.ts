/**
 * The parser adapter: what it narrows, and the rules it adds where sparqljs
 * and sparqlalgebrajs fall short (SPARQL 1.1 Query §4.1.4, §19.2, §18.2.2.6).
 */
import t from 'tap';
import { MalformedQueryError } from './api.ts';
import type { Operation } from './algebra.ts';
import { parseQuery, unescapeCodepoints } from './parse.ts';

t.test('a syntax error is a MalformedQueryError', async (t) => {
  t.throws(() => parseQuery('SELECT * WHERE { ?s ?p }'), MalformedQueryError);
  t.throws(() => parseQuery('INSERT DATA { <a:s> <a:p> <a:o> }'), MalformedQueryError, 'an update is not a query');
});

t.test('a blank node label may not span two basic graph patterns (§4.1.4)', async (t) => {
  t.throws(() => parseQuery('SELECT * { _:a <a:p> ?x OPTIONAL { _:a <a:q> ?y } }'), MalformedQueryError);
  t.doesNotThrow(() => parseQuery('SELECT * { _:a <a:p> ?x . _:a <a:q> ?y FILTER(?x) }'));
});

t.test('pattern blank nodes become hidden variables, not projected by SELECT *', async (t) => {
  const query = parseQuery('SELECT * { _:a <a:p> ?x }');
  t.equal(query.form, 'SELECT');
  if (query.form === 'SELECT') t.same(query.variables, ['x']);
});

t.test('SELECT * lists variables in the order written', async (t) => {
  const query = parseQuery('SELECT * { ?zebra <a:p> ?apple . ?apple <a:q> ?mango }');
  if (query.form === 'SELECT') t.same(query.variables, ['zebra', 'apple', 'mango']);
});

t.test('codepoint escapes are decoded outside strings only (§19.2)', async (t) => {
  t.equal(unescapeCodepoints('SELECT ?\\u0078 { <\\u0078#y> <a:p> "\\u0078" } # \\u0078'),
    'SELECT ?x { <x#y> <a:p> "\\u0078" } # \\u0078');
  t.throws(() => unescapeCodepoints('SELECT ?\\uD800 {}'), MalformedQueryError, 'a lone surrogate');
});

t.test('LIMIT 0 is kept', async (t) => {
  const { where } = parseQuery('SELECT * { ?s ?p ?o } LIMIT 0');
  t.match(where, { type: 'slice', length: 0 });
});

t.test('OPTIONAL {{ P FILTER F }} keeps F inside its group', async (t) => {
  const { where } = parseQuery('SELECT * { ?b <a:t> ?t OPTIONAL { { ?b <a:p> ?p FILTER(?t = "x") } } }');
  const leftJoin = (where as Extract<Operation, { type: 'project' }>).input;
  t.match(leftJoin, { type: 'leftjoin', expression: undefined });
});

t.test('a SERVICE block carries the query text sent to the endpoint', async (t) => {
  const { where } = parseQuery('SELECT * { SERVICE <http://e/sparql> { ?s <a:p> ?o } }');
  const service = (where as Extract<Operation, { type: 'project' }>).input;
  t.match(service, { type: 'service', silent: false, text: /SELECT \?s \?o WHERE/ });
});
