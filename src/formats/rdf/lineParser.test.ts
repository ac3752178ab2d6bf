/** The N-Triples / N-Quads line parser on the grammar's corner cases. */
import t from 'tap';
import { termKey } from '../../rdf/terms.ts';
import { rdfFormatFor } from '../registry.ts';
import { parseQuads } from '../testing.ts';

const keys = async (extension: string, text: string, chunkSize = 0) =>
  (await parseQuads(rdfFormatFor(extension)!, text, { preserveBNodeIds: true }, chunkSize)).map((q) =>
    [q.subject, q.predicate, q.object, q.graph].map(termKey).join(' ').trim(),
  );

t.test('comments, blank lines, CRLF, tabs, a last line without a break', async (t) => {
  const text = '# header\r\n\r\n<http://a>\t<http://p>   "x" . # trailing comment\r\n  \n_:b1 <http://p> <http://c> .';
  for (const chunkSize of [0, 1, 4]) {
    t.same(await keys('nt', text, chunkSize), ['<http://a> <http://p> "x"', '_:b1 <http://p> <http://c>'], `chunks ${chunkSize}`);
  }
});

t.test('escapes in IRIs and strings, language tags, datatypes', async (t) => {
  const text = [
    '<http://a/\\u00E9> <http://p> "tab\\there \\"q\\" \\\\ \\U0001F600" .',
    '<http://a> <http://p> "chat"@fr-CA .',
    '<http://a> <http://p> "1"^^<http://www.w3.org/2001/XMLSchema#integer> .',
    '<http://a> <http://p> "ünï 😀" .',
  ].join('\n');
  const quads = await parseQuads(rdfFormatFor('nt')!, text);
  t.equal(quads[0]!.subject.value, 'http://a/é');
  t.equal(quads[0]!.object.value, 'tab\there "q" \\ 😀');
  t.equal(termKey(quads[1]!.object), '"chat"@fr-ca');
  t.equal(termKey(quads[2]!.object), '"1"^^<http://www.w3.org/2001/XMLSchema#integer>');
  t.equal(quads[3]!.object.value, 'ünï 😀');
});

t.test('N-Quads: named and blank-node graphs, default graph without a fourth term', async (t) => {
  t.same(await keys('nq', '<http://a> <http://p> <http://o> <http://g> .\n<http://a> <http://p> <http://o> _:g .\n<http://a> <http://p> <http://o> .\n'), [
    '<http://a> <http://p> <http://o> <http://g>',
    '<http://a> <http://p> <http://o> _:g',
    '<http://a> <http://p> <http://o>',
  ]);
});

t.test('N-Triples rejects a graph term', async (t) => {
  await t.rejects(keys('nt', '<http://a> <http://p> <http://o> <http://g> .\n'), /expected "\."/);
});
