/**
 * The SeRQL grammar, production by production (Sesame `serql.jjt`): what each
 * builds (matched partially with `t.match`), and where and why a bad query
 * fails.
 */
import t, { type Test } from 'tap';
import type { PathExpr, SelectQuery } from './ast.ts';
import { parseSerqlSyntax } from './grammar.ts';

const select = (text: string) => parseSerqlSyntax(text).query as SelectQuery;
const paths = (text: string): readonly PathExpr[] => select(`SELECT * FROM ${text}`).body!.from[0]!.paths;
const where = (text: string) => select(`SELECT * FROM {X} p {Y} WHERE ${text}`).body!.where;

/** The query fails at `line:column` with a message matching `message`. */
function fails(t: Test, text: string, line: number, column: number, message: RegExp): void {
  t.throws(() => parseSerqlSyntax(text), { name: 'MalformedQueryError', message: new RegExp(`line ${line}, column ${column}: ${message.source}`) }, text);
}

t.test('ParseUnit and NamespaceDeclList', async (t) => {
  const unit = parseSerqlSyntax('select X from {X} p {Y} using namespace a = <http://a/>, b = <http://b/>');
  t.match(unit.namespaces, [{ prefix: 'a', uri: 'http://a/' }, { prefix: 'b', uri: 'http://b/' }]);
  fails(t, 'select X from {X} p {Y} using namespace a <http://a/>', 1, 43, /expected "=" but found "<http:\/\/a\/>"/);
  fails(t, 'select X from {X} p {Y} using namespace a = "x"', 1, 45, /expected a namespace URI/);
  fails(t, 'select X from {X} p {Y} }', 1, 25, /expected "using namespace" or end of query but found "}"/);
  fails(t, "ask {X}", 1, 1, /expected "select" or "construct"/);
});

t.test('SelectQuery and ProjectionElem', async (t) => {
  t.match(select('select distinct X, label(Y) as "L", Z as W from {X} p {Y}'), {
    type: 'select',
    modifier: 'distinct',
    projection: [{ value: { type: 'var', name: 'X' } }, { value: { type: 'function', name: 'label' }, alias: 'L' }, { alias: 'W' }],
  });
  t.match(select('select reduced * from {X} p {Y}'), { modifier: 'reduced', projection: '*' });
  t.same(select('select "c"').projection.length, 1, 'no FROM: a query of constants');
  t.equal(select('select "c"').body, undefined);
  fails(t, 'select X as from {X} p {Y}', 1, 13, /expected an alias name after "as"/);
  fails(t, 'select null from {X} p {Y}', 1, 8, /"null" cannot be projected/);
});

t.test('ConstructQuery', async (t) => {
  const query = parseSerqlSyntax('construct distinct {X} q {Y} from {X} p {Y}').query;
  t.match(query, { type: 'construct', modifier: 'distinct', template: [{ type: 'basic' }] });
  t.match(parseSerqlSyntax('construct * from {X} p {Y}').query, { template: '*' });
  fails(t, 'construct from {X} p {Y}', 1, 11, /expected a path expression starting with "\{" but found "from"/);
});

t.test('QueryBody: several FROM clauses, CONTEXT, WHERE, ORDER BY, LIMIT, OFFSET', async (t) => {
  const query = select('select X from context G {X} p {Y} from context <http://c> {Y} q {Z} from context _:b {Z} r {W} where X = Y order by X desc, Y asc limit 5 offset 2');
  t.match(query.body!.from, [{ context: { type: 'var', name: 'G' } }, { context: { type: 'uri', value: 'http://c' } }, { context: { type: 'bnode', id: 'b' } }]);
  t.match(query, { orderBy: [{ descending: true }, { descending: false }], limit: 5, offset: 2 });
  t.match(query.body!.where, { type: 'compare', op: '=' });
  fails(t, 'select X from {X} p {Y} limit -1', 1, 31, /expected a non-negative integer but found "-1"/);
  fails(t, 'select X from context "c" {X} p {Y}', 1, 23, /expected a context variable, URI or blank node/);
  fails(t, 'select X from {X} p {Y} order X', 1, 31, /expected "by" but found "X"/);
});

t.test('BasicPathExpr: chains, branches, and several values in a node', async (t) => {
  t.match(paths('{A} p {B} q {C}; r {D, "x", ex:e}'), [{
    type: 'basic',
    head: { elements: [{ name: 'A' }] },
    tail: {
      type: 'edge', edge: { name: 'p' }, node: { elements: [{ name: 'B' }] },
      next: {
        branch: false,
        tail: { edge: { name: 'q' }, next: { branch: true, tail: { edge: { name: 'r' }, node: { elements: [{ type: 'var' }, { type: 'literal', label: 'x' }, { type: 'qname', value: 'ex:e' }] } } } },
      },
    },
  }]);
  t.match(paths('{} p {}'), [{ head: { elements: [] }, tail: { node: { elements: [] } } }], 'empty nodes');
  fails(t, 'select * from {A} p', 1, 20, /expected "\{" but found end of query/);
  fails(t, 'select * from {A} "p" {B}', 1, 19, /expected an edge \(a variable or URI\) but found ""p""/);
  fails(t, 'select * from {A p {B}', 1, 18, /expected "}" but found "p"/);
});

t.test('OptPathExpr and OptPathExprTail', async (t) => {
  t.match(paths('[{A} p {B} where B = "x"]'), [{ type: 'optional', paths: [{ type: 'basic' }], where: { type: 'compare' } }]);
  t.match(paths('{A} p {B} [q {C} where C > 1]; r {D}'), [{
    tail: { node: { elements: [{ name: 'B' }] }, next: { branch: false, tail: { type: 'optional', where: { op: '>' }, next: { branch: true, tail: { edge: { name: 'r' } } } } } },
  }]);
  fails(t, 'select * from [{A} p {B}', 1, 25, /expected "]" but found end of query/);
});

t.test('PathExprUnion and parenthesised path lists', async (t) => {
  t.match(paths('{A} p {B} union {A} q {B}, ({C} r {D})'), [{ type: 'union', alternatives: [{ type: 'basic' }, { type: 'basic' }] }, { type: 'group' }]);
  const set = parseSerqlSyntax('select A from {A} p {B} union select A from {A} q {B}').query;
  t.match(set, { type: 'set', operator: 'union', all: false }, 'a UNION before SELECT combines queries');
});

t.test('ReifiedStat', async (t) => {
  t.match(paths('{ {S} p {O} } q {W}'), [{ head: { elements: [{ type: 'reified', subject: { name: 'S' }, predicate: { name: 'p' }, object: { name: 'O' } }] } }]);
  t.match(paths('{ {} p {} } q {W}'), [{ head: { elements: [{ type: 'reified', subject: undefined, object: undefined }] } }]);
});

t.test('TupleQuerySet and GraphQuerySet: set operators and parentheses', async (t) => {
  t.match(parseSerqlSyntax('(select A from {A} p {B}) union all (select A from {A} q {B}) minus select A from {A} r {B}').query, {
    type: 'set', operator: 'union', all: true, left: { type: 'select' }, right: { type: 'set', operator: 'minus' },
  });
  t.match(parseSerqlSyntax('construct * from {A} p {B} intersect construct * from {A} q {B}').query, { type: 'set', operator: 'intersect' });
  fails(t, '(select A from {A} p {B}', 1, 25, /expected "\)" but found end of query/);
});

t.test('BooleanExpr: or, and, not, parentheses and constants', async (t) => {
  t.match(where('true or not (false and X = Y) or bound(X)'), {
    type: 'or',
    args: [{ type: 'constant', value: true }, { type: 'not', arg: { type: 'and', args: [{ value: false }, { type: 'compare' }] } }, { type: 'test', name: 'bound' }],
  });
  fails(t, 'select * from {X} p {Y} where ', 1, 31, /expected a boolean expression but found end of query/);
  fails(t, 'select * from {X} p {Y} where X', 1, 32, /expected a comparison operator, "like" or "in"/);
});

t.test('BooleanValueOp: comparisons, any/all, like, in, null', async (t) => {
  t.match(where('X >= any (select Z from {Z} q {W})'), { type: 'quantified', op: '>=', quantifier: 'any', query: { type: 'select' } });
  t.match(where('X != all ((select Z from {Z} q {W}))'), { type: 'quantified', quantifier: 'all' });
  t.match(where('X like "a*b" ignore case'), { type: 'like', pattern: 'a*b', ignoreCase: true });
  t.match(where('X in (select Z from {Z} q {W})'), { type: 'in' });
  t.match(where('X in (<http://a>, "b", Y)'), { type: 'inList', list: [{ type: 'uri' }, { type: 'literal' }, { type: 'var' }] });
  t.match(where('X = null'), { type: 'compare', right: { type: 'null' } });
  fails(t, 'select * from {X} p {Y} where X like Y', 1, 38, /expected a pattern string after "like"/);
  fails(t, 'select * from {X} p {Y} where X like "a" ignore', 1, 48, /expected "case"/);
});

t.test('the built-in tests and functions', async (t) => {
  for (const name of ['isResource', 'isURI', 'isBNode', 'isLiteral', 'bound']) {
    t.match(where(`${name}(X)`), { type: 'test', name: name.toLowerCase(), arg: { name: 'X' } });
  }
  t.match(where('sameTerm(X, Y) and langMatches(lang(X), "en") and regex(str(X), "a", "i")'), {
    args: [{ type: 'sameterm', args: [{}, {}] }, { type: 'langmatches' }, { type: 'regex', args: [{ type: 'function', name: 'str' }, {}, {}] }],
  });
  t.match(where('exists (select * from {Z} q {X})'), { type: 'exists' });
  fails(t, 'select * from {X} p {Y} where isURI("x")', 1, 37, /expected a variable but found ""x""/);
  fails(t, 'select * from {X} p {Y} where isURI(from)', 1, 37, /expected a variable \("from" is a keyword\)/);
  fails(t, 'select * from {X} p {Y} where regex(X)', 1, 38, /expected 2 or 3 arguments but found 1/);
});

t.test('ValueExpr: variables, values, value functions and function calls', async (t) => {
  const projection = select('select datatype(X), lang(X), label(X), namespace(X), localname(X), str(<http://a>), xsd:int(X), <http://f>(), "1"@en, 5, -2.5, _:b from {X} p {Y}').projection;
  t.match(projection, [
    { value: { name: 'datatype' } }, { value: { name: 'lang' } }, { value: { name: 'label' } }, { value: { name: 'namespace' } },
    { value: { name: 'localname' } }, { value: { name: 'str', arg: { type: 'uri' } } },
    { value: { type: 'call', function: { value: 'xsd:int' }, args: [{ name: 'X' }] } }, { value: { type: 'call', args: [] } },
    { value: { type: 'literal', label: '1', language: 'en' } },
    { value: { type: 'literal', label: '5', datatype: { value: 'http://www.w3.org/2001/XMLSchema#integer' } } },
    { value: { type: 'literal', label: '-2.5', datatype: { value: 'http://www.w3.org/2001/XMLSchema#decimal' } } },
    { value: { type: 'bnode', id: 'b' } },
  ]);
  fails(t, 'select label("x") from {X} p {Y}', 1, 14, /expected a variable/);
  fails(t, 'select X, from {X} p {Y}', 1, 11, /expected a value \(variable, URI, literal or function\) but found "from"/);
});

t.test('errors on later lines point at their line', async (t) => {
  fails(t, 'select X\nfrom {X} p {Y}\nwhere X = ', 3, 11, /expected a value/);
});
