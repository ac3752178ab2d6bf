/**
 * The SeRQL tokens (Sesame `serql.jjt` token section): kinds, values and
 * positions, and the errors a bad character or string gives.
 */
import t from 'tap';
import { MalformedQueryError } from '../sparql/api.ts';
import { tokenize } from './lexer.ts';

const kinds = (text: string) => tokenize(text).map((tok) => `${tok.kind}:${tok.value}`);

t.test('keywords are case-insensitive, variables keep their case', async (t) => {
  t.same(kinds('SeLeCt Name, distinct'), ['keyword:select', 'name:Name', 'punct:,', 'keyword:distinct', 'eof:']);
  t.same(kinds('isURI isBNode sameTerm langMatches'), ['keyword:isuri', 'keyword:isbnode', 'keyword:sameterm', 'keyword:langmatches', 'eof:']);
});

t.test('URIs, QNames and blank nodes', async (t) => {
  t.same(kinds('<http://ex/a#b> ex:local rdf: _:b1'), ['uri:http://ex/a#b', 'qname:ex:local', 'qname:rdf:', 'bnode:b1', 'eof:']);
  t.same(kinds('X<Y'), ['name:X', 'punct:<', 'name:Y', 'eof:'], 'a "<" that opens no URI is less-than');
  t.same(kinds('a<=b>=c!=d'), ['name:a', 'punct:<=', 'name:b', 'punct:>=', 'name:c', 'punct:!=', 'name:d', 'eof:']);
});

t.test('numbers: integers with a sign, decimals', async (t) => {
  t.same(kinds('12 +3 -4 .5 -1.25'), ['integer:12', 'integer:+3', 'integer:-4', 'decimal:.5', 'decimal:-1.25', 'eof:']);
});

t.test('strings: escapes, language tags and datatypes written directly after them', async (t) => {
  const [plain, tagged, typed, qtyped] = tokenize('"a\\"b\\n\\u00e9\\U0001F600" "chat"@fr-BE "5"^^<http://www.w3.org/2001/XMLSchema#int> "1"^^xsd:byte');
  t.equal(plain!.value, 'a"b\né😀');
  t.equal(tagged!.language, 'fr-BE');
  t.same(typed!.datatype, { kind: 'uri', value: 'http://www.w3.org/2001/XMLSchema#int' });
  t.same(qtyped!.datatype, { kind: 'qname', value: 'xsd:byte' });
  t.equal(qtyped!.text, '"1"^^xsd:byte');
});

t.test('positions count lines and columns from 1; comments are skipped', async (t) => {
  const tokens = tokenize('select X # a comment\n  from {X}');
  const from = tokens.find((tok) => tok.value === 'from')!;
  t.same([from.line, from.column], [2, 3]);
  t.equal(tokens.filter((tok) => tok.kind === 'name').length, 2, 'the comment gives no tokens');
});

t.test('errors name the position and the problem', async (t) => {
  t.throws(() => tokenize('select X\nfrom {X} & {Y}'), { name: 'MalformedQueryError', message: /line 2, column 10: unexpected character "&"/ });
  t.throws(() => tokenize('"open'), { message: /line 1, column 1: unterminated string/ });
  t.throws(() => tokenize('"bad \\q"'), { message: /line 1, column 6: invalid escape sequence "\\q"/ });
  t.throws(() => tokenize('"x"@ '), { message: /column 4: expected a language tag/ });
  t.throws(() => tokenize('"x"^^5'), { message: /expected a datatype URI or QName/ });
  t.throws(() => tokenize('_: x'), MalformedQueryError);
});
