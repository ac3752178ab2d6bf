/**
 * SeRQL end to end (spec §4.3 `queryLn=serql`): `prepareQuery(text, { language:
 * 'serql' })` on a MemoryStore, each query compared with the SPARQL query that
 * means the same, so both run through the one evaluator.
 */
import t from 'tap';
import { isomorphic } from 'rdf-isomorphic';
import { df, literal, namedNode, quad, termKey, type Quad, type Term } from '../rdf/terms.ts';
import { MemoryStore } from '../sail/memory/store.ts';
import type { QueryResult } from '../sparql/api.ts';
import { prepareQuery } from '../sparql/engine.ts';

const EX = 'http://ex/';
const ex = (local: string) => namedNode(EX + local);
const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';
const USING = ' USING NAMESPACE ex = <http://ex/>';
const PREFIX = 'PREFIX ex: <http://ex/> PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> ';

const st = df.blankNode('st1');
const data: Quad[] = [
  quad(ex('alice'), ex('name'), literal('Alice', 'en')),
  quad(ex('alice'), ex('age'), literal('31', namedNode('http://www.w3.org/2001/XMLSchema#integer'))),
  quad(ex('alice'), ex('knows'), ex('bob')),
  quad(ex('alice'), ex('knows'), ex('carol')),
  quad(ex('bob'), ex('name'), literal('Bob')),
  quad(ex('bob'), ex('age'), literal('25', namedNode('http://www.w3.org/2001/XMLSchema#integer'))),
  quad(ex('bob'), ex('knows'), ex('carol')),
  quad(ex('carol'), ex('name'), literal('carol')),
  quad(ex('dave'), ex('name'), literal('Dave'), ex('g1')),
  quad(ex('dave'), ex('knows'), ex('alice'), ex('g1')),
  quad(ex('erin'), ex('name'), literal('Erin'), ex('g2')),
  quad(st, namedNode(RDF + 'type'), namedNode(RDF + 'Statement')),
  quad(st, namedNode(RDF + 'subject'), ex('alice')),
  quad(st, namedNode(RDF + 'predicate'), ex('knows')),
  quad(st, namedNode(RDF + 'object'), ex('bob')),
  quad(st, ex('saidBy'), ex('carol')),
];

async function store() {
  const memory = new MemoryStore();
  await memory.init();
  const connection = memory.connection();
  connection.begin();
  for (const q of data) connection.addStatement(q);
  await connection.commit();
  return memory.connection();
}

/** Rows as sorted strings of `name=term`, so result order and variable order do not matter. */
async function rows(result: QueryResult): Promise<string[]> {
  if (result.kind !== 'bindings') throw new Error(`expected bindings, got ${result.kind}`);
  const out: string[] = [];
  for await (const batch of result.solutions) {
    for (const solution of batch) {
      out.push(solution.map((term: Term | undefined, i) => `${result.variables[i]}=${term ? termKey(term) : ''}`).join(' '));
    }
  }
  return out;
}

async function quads(result: QueryResult): Promise<Quad[]> {
  if (result.kind !== 'quads') throw new Error(`expected quads, got ${result.kind}`);
  const out: Quad[] = [];
  for await (const batch of result.quads) out.push(...batch);
  return out;
}

/** The SeRQL query gives the same rows as the SPARQL one (in the same order when `ordered`). */
function same(name: string, serql: string, sparql: string, ordered = false): void {
  t.test(name, async (t) => {
    const source = await store();
    const got = await rows(prepareQuery(serql, { language: 'serql' }).evaluate(source));
    const want = await rows(prepareQuery(sparql).evaluate(source));
    t.ok(want.length > 0 || name.includes('none'), 'the SPARQL side finds something');
    t.same(ordered ? got : got.sort(), ordered ? want : want.sort());
  });
}

same('a path with a chain and a branch',
  'SELECT N, FN FROM {P} ex:name {N}; ex:knows {F} ex:name {FN}' + USING,
  PREFIX + 'SELECT ?N ?FN { ?P ex:name ?N ; ex:knows ?F . ?F ex:name ?FN }');

same('FROM without CONTEXT matches statements in every context',
  'SELECT P, N FROM {P} ex:name {N}' + USING,
  PREFIX + 'SELECT ?P ?N { ?P ex:name ?N }');

same('FROM CONTEXT with a variable ranges over the named graphs',
  'SELECT G, N FROM CONTEXT G {P} ex:name {N}' + USING,
  PREFIX + 'SELECT ?G ?N { GRAPH ?G { ?P ex:name ?N } }');

same('FROM CONTEXT with a URI, joined with a FROM over all contexts',
  'SELECT N, M FROM CONTEXT ex:g1 {P} ex:knows {Q} FROM {P} ex:name {N}, {Q} ex:name {M}' + USING,
  PREFIX + 'SELECT ?N ?M { GRAPH ex:g1 { ?P ex:knows ?Q } ?P ex:name ?N . ?Q ex:name ?M }');

same('an optional tail with its own WHERE',
  'SELECT N, A FROM {P} ex:name {N}; [ex:age {A} WHERE A > 30]' + USING,
  PREFIX + 'SELECT ?N ?A { ?P ex:name ?N OPTIONAL { ?P ex:age ?A FILTER(?A > 30) } }');

same('an optional path expression and bound()',
  'SELECT N FROM {P} ex:name {N}, [{P} ex:knows {F}] WHERE not bound(F)' + USING,
  PREFIX + 'SELECT ?N { ?P ex:name ?N OPTIONAL { ?P ex:knows ?F } FILTER(!BOUND(?F)) }');

same('several values in a node are distinct from each other',
  'SELECT P FROM {P} ex:knows {X, Y}' + USING,
  PREFIX + 'SELECT ?P { ?P ex:knows ?X, ?Y FILTER(!sameTerm(?X, ?Y)) }');

same('a reified statement',
  'SELECT S, O, W FROM { {S} ex:knows {O} } ex:saidBy {W}' + USING,
  PREFIX + 'SELECT ?S ?O ?W { ?r a rdf:Statement ; rdf:subject ?S ; rdf:predicate ex:knows ; rdf:object ?O ; ex:saidBy ?W }');

same('like, case-sensitive and with IGNORE CASE',
  'SELECT N FROM {P} ex:name {N} WHERE N like "c*" or N like "*O*" IGNORE CASE' + USING,
  PREFIX + 'SELECT ?N { ?P ex:name ?N FILTER(REGEX(STR(?N), "^c") || REGEX(STR(?N), "o", "i")) }');

same('label, lang, datatype, localname and namespace',
  'SELECT label(N) AS L, lang(N) AS G, datatype(A) AS D, localname(P) AS LN, namespace(P) AS NS FROM {P} ex:name {N}; ex:age {A}' + USING,
  PREFIX + 'SELECT (STR(?N) AS ?L) (LANG(?N) AS ?G) (DATATYPE(?A) AS ?D) (STRAFTER(STR(?P), "ex/") AS ?LN) (IRI("http://ex/") AS ?NS) { ?P ex:name ?N ; ex:age ?A }');

same('label of a URI has no value',
  'SELECT P, label(P) AS L FROM {P} ex:age {A}' + USING,
  PREFIX + 'SELECT ?P ?L { ?P ex:age ?A }');

same('in a list, in a subquery',
  'SELECT N FROM {P} ex:name {N} WHERE P in (ex:bob, ex:carol) and P in (SELECT Q FROM {X} ex:knows {Q})' + USING,
  PREFIX + 'SELECT ?N { ?P ex:name ?N FILTER(?P IN (ex:bob, ex:carol) && EXISTS { ?X ex:knows ?P }) }');

same('exists with a correlated subquery',
  'SELECT N FROM {P} ex:name {N} WHERE not exists (SELECT * FROM {P} ex:knows {Q})' + USING,
  PREFIX + 'SELECT ?N { ?P ex:name ?N FILTER NOT EXISTS { ?P ex:knows ?Q } }');

same('any and all',
  'SELECT P FROM {P} ex:age {A} WHERE A >= all (SELECT B FROM {Q} ex:age {B}) and A > any (SELECT B FROM {Q} ex:age {B})' + USING,
  PREFIX + 'SELECT ?P { ?P ex:age ?A FILTER(NOT EXISTS { ?Q ex:age ?B FILTER(!(?A >= ?B)) } && EXISTS { ?Q ex:age ?B FILTER(?A > ?B) }) }');

same('UNION removes duplicates, UNION ALL keeps them',
  '(SELECT P FROM {P} ex:knows {Q}) UNION ALL (SELECT P FROM {P} ex:name {N}) UNION (SELECT P FROM {P} ex:age {A})' + USING,
  PREFIX + 'SELECT ?P { { ?P ex:knows ?Q } UNION { SELECT DISTINCT ?P { { ?P ex:name ?N } UNION { ?P ex:age ?A } } } }');

same('MINUS and INTERSECT',
  'SELECT P FROM {P} ex:name {N} MINUS SELECT P FROM {P} ex:age {A} INTERSECT SELECT P FROM {X} ex:knows {P}' + USING,
  PREFIX + 'SELECT ?P { ?P ex:name ?N MINUS { ?P ex:age ?A FILTER EXISTS { ?X ex:knows ?P } } }');

same('DISTINCT, ORDER BY, LIMIT and OFFSET',
  'SELECT DISTINCT P FROM {P} ex:knows {Q} ORDER BY P DESC LIMIT 2 OFFSET 1' + USING,
  PREFIX + 'SELECT DISTINCT ?P { ?P ex:knows ?Q } ORDER BY DESC(?P) LIMIT 2 OFFSET 1', true);

same('null comparisons mean bound()',
  'SELECT N FROM {P} ex:name {N}; [ex:age {A}] WHERE A = null' + USING,
  PREFIX + 'SELECT ?N { ?P ex:name ?N OPTIONAL { ?P ex:age ?A } FILTER(!BOUND(?A)) }');

t.test('CONSTRUCT with a template and with *', async (t) => {
  const source = await store();
  const explicit = await quads(prepareQuery('CONSTRUCT {Q} ex:knownBy {P}; ex:tag {} FROM {P} ex:knows {Q}' + USING, { language: 'serql' }).evaluate(source));
  const wanted = await quads(prepareQuery(PREFIX + 'CONSTRUCT { ?Q ex:knownBy ?P ; ex:tag [] } { ?P ex:knows ?Q }').evaluate(source));
  t.ok(isomorphic(explicit, wanted), 'fresh blank nodes per solution');
  const star = await quads(prepareQuery('CONSTRUCT * FROM {P} ex:knows {Q} ex:name {N}' + USING, { language: 'serql' }).evaluate(source));
  const starWanted = await quads(prepareQuery(PREFIX + 'CONSTRUCT WHERE { ?P ex:knows ?Q . ?Q ex:name ?N }').evaluate(source));
  t.ok(isomorphic(star, starWanted));
  t.ok(star.length > 0);
});

t.test('a SELECT without FROM gives one row of its constants', async (t) => {
  const source = await store();
  t.same(await rows(prepareQuery('SELECT "x" AS V', { language: 'serql' }).evaluate(source)), ['V="x"']);
});

same('a nested optional: the inner part only where the outer one matched',
  'SELECT N, F, FN FROM {P} ex:name {N}, [{P} ex:knows {F} [ex:age {FA}]; ex:name {FN} WHERE F != ex:carol]' + USING,
  PREFIX + 'SELECT ?N ?F ?FN { ?P ex:name ?N OPTIONAL { ?P ex:knows ?F OPTIONAL { ?F ex:age ?FA } ?F ex:name ?FN FILTER(?F != ex:carol) } }');

same('a union of path expressions inside one FROM',
  'SELECT P, V FROM {P} ex:age {V} UNION {P} ex:name {V}' + USING,
  PREFIX + 'SELECT ?P ?V { { ?P ex:age ?V } UNION { ?P ex:name ?V } }');

same('empty nodes are anonymous variables, left out of SELECT *; duplicates stay without DISTINCT',
  'SELECT * FROM {P} ex:knows {}; ex:name {N}' + USING,
  PREFIX + 'SELECT ?P ?N { ?P ex:knows ?any ; ex:name ?N }');

same('a limited subquery under any',
  'SELECT P FROM {P} ex:age {A} WHERE A < any (SELECT B FROM {Q} ex:age {B} ORDER BY B DESC LIMIT 1)' + USING,
  PREFIX + 'SELECT ?P { ?P ex:age ?A FILTER(?A < 31) }');

same('localname and namespace split at the last # when there is one',
  'SELECT localname(T) AS L, namespace(T) AS NS FROM {S} rdf:type {T}',
  'SELECT ("Statement" AS ?L) (<http://www.w3.org/1999/02/22-rdf-syntax-ns#> AS ?NS) { ?S a ?T }');

same('a blank node context matches none of the named contexts (none)',
  'SELECT N FROM CONTEXT _:nowhere {P} ex:name {N}' + USING,
  PREFIX + 'SELECT ?N { GRAPH ?g { ?P ex:name ?N } FILTER(false) }');

same('INTERSECT on the shared columns only',
  'SELECT P, N FROM {P} ex:name {N} INTERSECT SELECT P, A FROM {P} ex:age {A}' + USING,
  PREFIX + 'SELECT ?P ?N { ?P ex:name ?N FILTER EXISTS { ?P ex:age ?A } }');

same('an alias may reuse the name of a body variable',
  'SELECT P AS Q, Q AS P FROM {P} ex:knows {Q}' + USING,
  PREFIX + 'SELECT ?Q ?P { { SELECT (?p AS ?Q) (?q AS ?P) { ?p ex:knows ?q } } }');

t.test('UNION of CONSTRUCT queries: each template is instantiated by its own rows only', async (t) => {
  const source = await store();
  const serql = 'CONSTRUCT {Q} ex:knownBy {P} FROM {P} ex:knows {Q} UNION CONSTRUCT {P} rdf:type {ex:Named}; ex:tag {} FROM {P} ex:name {N}' + USING;
  const got = await quads(prepareQuery(serql, { language: 'serql' }).evaluate(source));
  const wanted = await quads(prepareQuery(PREFIX + 'CONSTRUCT { ?Q ex:knownBy ?P . ?A a ex:Named ; ex:tag [] } { { ?P ex:knows ?Q } UNION { ?A ex:name ?N } }').evaluate(source));
  t.ok(got.length > 0);
  t.ok(isomorphic(got, wanted));
});
