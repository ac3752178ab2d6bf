/** Malformed result documents throw `ParseError`, with the line where the format has lines. */
import t from 'tap';
import { ParseError } from '../format.ts';
import { booleanFormatFor, tupleFormatFor } from '../registry.ts';

const SRX = '<sparql xmlns="http://www.w3.org/2005/sparql-results#">';
const brtr = (...bytes: number[]) => Buffer.from([0x42, 0x52, 0x54, 0x52, ...bytes]);

const TUPLE_CASES: [string, string | Buffer, RegExp, number | undefined][] = [
  ['srj', '{"head": {"vars": ["x"]}, "results": {"bindings": [{"y": {"type": "uri", "value": "http://a"}}]}}', /not in "head.vars"/, undefined],
  ['srj', '{"head": {"vars": ["x"]}, "results": {"bindings": [{"x": {"type": "iri", "value": "http://a"}}]}}', /unknown RDF term type/, undefined],
  ['srj', '{"head": {}}', /"head.vars" must be an array/, undefined],
  ['srx', `${SRX}\n<head><variable name="x"/></head>\n<results><result><binding name="y"><uri>http://a</uri></binding></result></results></sparql>`, /not a declared variable/, 3],
  ['srx', `${SRX}\n<head><variable/></head></sparql>`, /without the "name" attribute/, 2],
  ['srx', `${SRX}\n<head>\n</sparql>`, /./, 3],
  ['tsv', '?x\t?y\n<http://a>\t"unterminated\n', /unterminated literal/, 2],
  ['tsv', '?x\t?y\n<http://a>\n', /expected 2 fields, found 1/, 2],
  ['tsv', 'x\n', /invalid variable/, 1],
  ['brt', brtr(0, 0, 0, 9), /unsupported format version 9/, undefined],
  ['brt', brtr(0, 0, 0, 4, 0, 0, 0, 1, 0, 0, 0, 1, 0x78, 3, 0, 0, 0, 5, 0, 0, 0, 1, 0x61, 127), /undeclared namespace id 5/, undefined],
  ['brt', brtr(0, 0, 0, 4, 0, 0, 0, 1, 0, 0, 0, 1, 0x78, 126, 2, 0, 0, 0, 4, 0x62, 0x6f, 0x6f, 0x6d), /evaluation error: boom/, undefined],
  ['brt', brtr(0, 0, 0, 4, 0, 0, 0, 1), /unexpected end of input/, undefined],
];

for (const [extension, input, message, line] of TUPLE_CASES) {
  const format = tupleFormatFor(extension)!;
  t.test(`${format.name}: ${message}`, async (t) => {
    const error = await format.parse!([input], { variables: () => undefined, solution: () => undefined }).then(
      () => undefined,
      (e: unknown) => e,
    );
    t.type(error, ParseError);
    t.match((error as ParseError).message, message);
    if (line !== undefined) t.equal((error as ParseError).line, line, 'line number');
  });
}

t.test('boolean formats reject what is not a boolean', async (t) => {
  await t.rejects(booleanFormatFor('text/boolean')!.parse!(['maybe']), ParseError);
  await t.rejects(booleanFormatFor('srj')!.parse!(['{"head": {}, "boolean": "true"}']), /no "boolean" member/);
  await t.rejects(booleanFormatFor('srx')!.parse!([`${SRX}<head/><boolean>yes</boolean></sparql>`]), /invalid boolean/);
  await t.rejects(
    booleanFormatFor('srx')!.parse!([`${SRX}<head><variable name="x"/></head><results><result/></results></sparql>`]),
    /a tuple result where a boolean result was expected/,
  );
});

t.test('CSV (write only) follows the W3C CSV rules', async (t) => {
  const { literal, namedNode, blankNode } = await import('../../rdf/terms.ts');
  const chunks: string[] = [];
  const writer = tupleFormatFor('csv')!.writer!({ write: (c) => void chunks.push(String(c)) }, ['a', 'b', 'c']);
  writer.solution([namedNode('http://a'), literal('say "hi", then\nleave', 'en'), blankNode('b0')]);
  writer.solution([undefined, literal('42', namedNode('http://www.w3.org/2001/XMLSchema#integer')), undefined]);
  writer.end();
  t.equal(chunks.join(''), 'a,b,c\r\nhttp://a,"say ""hi"", then\nleave",_:b0\r\n,42,\r\n');
  t.equal(tupleFormatFor('csv')!.parse, undefined);
});

t.test('TSV writes N-Triples terms, plain literals quoted, and reads Turtle number shorthands', async (t) => {
  const { literal, namedNode } = await import('../../rdf/terms.ts');
  const format = tupleFormatFor('tsv')!;
  const chunks: string[] = [];
  const writer = format.writer!({ write: (c) => void chunks.push(String(c)) }, ['x', 'y']);
  writer.solution([literal('Dave'), namedNode('http://a')]);
  writer.end();
  t.equal(chunks.join(''), '?x\t?y\n"Dave"\t<http://a>\n');
  const rows: string[][] = [];
  await format.parse!(['?n\n12\n1.5\n1e3\ntrue\n'], { variables: () => undefined, solution: (r) => void rows.push(r.map((v) => (v && v.termType === 'Literal' ? v.datatype.value.split('#')[1]! : ''))) });
  t.same(rows, [['integer'], ['decimal'], ['double'], ['boolean']]);
});
