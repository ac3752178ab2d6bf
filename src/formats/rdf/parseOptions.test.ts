/**
 * Every RDF parser honours `preserveBNodeIds` and `baseIRI` (spec §4.5
 * `preserveNodeId` and `baseURI`): labels are unique per parse unless preserved,
 * the same label within one document is one node, and relative IRIs resolve
 * against the base.
 */
import t from 'tap';
import { blankNode, namedNode, quad } from '../../rdf/terms.ts';
import type { RdfFormat } from '../format.ts';
import { rdfFormatFor } from '../registry.ts';
import { parseQuads, writeQuads } from '../testing.ts';

const doc = (format: RdfFormat): Buffer =>
  writeQuads(format, [
    quad(blankNode('x1'), namedNode('http://example.org/p'), blankNode('x2')),
    quad(blankNode('x2'), namedNode('http://example.org/p'), blankNode('x1')),
  ]);

for (const format of ['rdf', 'nt', 'ttl', 'n3', 'nq', 'rj', 'trix', 'trig', 'brf', 'jsonld'].map((e) => rdfFormatFor(e)!)) {
  t.test(`${format.name}: blank-node scope`, async (t) => {
    const bytes = doc(format);
    const first = await parseQuads(format, bytes);
    const second = await parseQuads(format, bytes);
    t.equal(first[0]!.subject.value, first[1]!.object.value, 'one label, one node within a parse');
    t.not(first[0]!.subject.value, second[0]!.subject.value, 'two parses never share a blank node');
    if (format.name === 'JSON-LD') return; // jsonld relabels blank nodes itself (_:b0, _:b1, …)
    const preserved = await parseQuads(format, bytes, { preserveBNodeIds: true });
    t.same(preserved.map((q) => q.subject.value).sort(), ['x1', 'x2'], 'preserveBNodeIds keeps the labels');
  });
}

const RELATIVE: [string, string][] = [
  ['ttl', '<s> <p> <o> .'],
  ['trig', '{ <s> <p> <o> . }'],
  ['n3', '<s> <p> <o> .'],
  ['rdf', '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:e="http://example.org/"><rdf:Description rdf:about="s"><e:p rdf:resource="o"/></rdf:Description></rdf:RDF>'],
  ['jsonld', '{"@id": "s", "http://example.org/p": {"@id": "o"}}'],
];

for (const [extension, text] of RELATIVE) {
  const format = rdfFormatFor(extension)!;
  t.test(`${format.name}: relative IRIs resolve against baseIRI`, async (t) => {
    const [q] = await parseQuads(format, text, { baseIRI: 'http://base.example/dir/doc' });
    t.equal(q?.subject.value, 'http://base.example/dir/s');
    t.equal(q?.object.value, 'http://base.example/dir/o');
  });
}
