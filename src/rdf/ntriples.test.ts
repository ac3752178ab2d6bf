import t from 'tap';
import {
  formatNTriplesTerm,
  isValidBlankNodeLabel,
  ParameterError,
  parseContextParameter,
  parseNTriplesTerm,
  readTerm,
} from './ntriples.ts';
import { blankNode, literal, namedNode, termKey, XSD } from './terms.ts';

const ALL = ['iri', 'bnode', 'literal'] as const;

t.test('reads every term form of N-Triples §2', async (t) => {
  const cases: [string, string][] = [
    ['<http://example.org/a>', '<http://example.org/a>'],
    ['_:b0', '_:b0'],
    ['"plain"', '"plain"'],
    ['"chat"@en-GB', '"chat"@en-gb'], // the factory lowercases language tags
    ['"5"^^<http://www.w3.org/2001/XMLSchema#integer>', `"5"^^<${XSD}integer>`],
    ['"a\\"b\\\\c\\n\\t"', '"a\\"b\\\\c\\n\\t"'],
  ];
  for (const [input, key] of cases) t.equal(termKey(parseNTriplesTerm(input, 'obj', ALL)), key, input);
});

t.test('decodes UCHAR escapes, including astral characters', async (t) => {
  const term = parseNTriplesTerm('"\\u00E9\\U0001F600"', 'obj', ALL);
  t.equal(term.value, 'é😀');
  t.equal(parseNTriplesTerm('<http://x/\\u0020y>', 'subj', ['iri']).value, 'http://x/ y');
});

t.test('errors name the parameter, the value and the problem', async (t) => {
  const bad: [string, RegExp][] = [
    ['<bad', /unterminated IRI/],
    ['<relative>', /relative IRI/],
    ['<http://x y>', /invalid character/],
    ['"open', /unterminated literal/],
    ['"x"@', /invalid language tag/],
    ['"x"^^http', /expected "\^\^<"/],
    ['_x', /expected "_:"/],
    ['_:', /invalid blank node label/],
    ['"bad \\q escape"', /invalid escape/],
    ['<http://x> trailing', /unexpected text after the term/],
    ['plain', /expected an IRI, a blank node or a literal/],
    ['', /found the end/],
  ];
  for (const [value, reason] of bad) {
    const err = t.throws(() => parseNTriplesTerm(value, 'subj', ALL)) as unknown as ParameterError;
    t.type(err, ParameterError);
    t.equal(err.parameter, 'subj');
    t.equal(err.value, value);
    t.match(err.message, reason, value);
  }
  t.equal(
    (t.throws(() => parseNTriplesTerm('<bad', 'subj', ALL)) as unknown as Error).message,
    `invalid value for parameter 'subj': "<bad": unterminated IRI`,
  );
});

t.test('rejects term kinds the parameter does not allow', async (t) => {
  t.throws(() => parseNTriplesTerm('"lit"', 'subj', ['iri', 'bnode']), /a literal is not allowed here/);
  t.throws(() => parseNTriplesTerm('_:b', 'pred', ['iri']), /a blank node is not allowed here/);
});

t.test('context: null is the default graph', async (t) => {
  t.equal(parseContextParameter('null', 'context').termType, 'DefaultGraph');
  t.ok(parseContextParameter('<http://g>', 'context').equals(namedNode('http://g')));
  t.ok(parseContextParameter('_:g', 'context').equals(blankNode('g')));
  t.throws(() => parseContextParameter('"g"', 'context'), ParameterError);
});

t.test('formats terms so that they read back', async (t) => {
  const terms = [
    namedNode('http://x/a b>'),
    literal('line\nbreak "quoted" \u0001', 'en'),
    literal('3.5', namedNode(XSD + 'decimal')),
    literal('😀'),
    blankNode('node1'),
  ];
  for (const term of terms) {
    const text = formatNTriplesTerm(term);
    t.ok(readTerm(text, 0).term.equals(term), text);
  }
  t.equal(formatNTriplesTerm(namedNode('http://x/a b')), '<http://x/a\\u0020b>');
});

t.test('blank node label validity', async (t) => {
  t.ok(isValidBlankNodeLabel('b0'));
  t.ok(isValidBlankNodeLabel('a.b-c'));
  t.notOk(isValidBlankNodeLabel('a.'));
  t.notOk(isValidBlankNodeLabel('-a'));
  t.notOk(isValidBlankNodeLabel('a b'));
});
