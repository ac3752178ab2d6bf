/** Malformed input in every RDF format throws `ParseError`, with the line where the parser knows it. */
import t from 'tap';
import { ParseError } from '../format.ts';
import { rdfFormatFor } from '../registry.ts';
import { parseQuads } from '../testing.ts';

const TRIX = '<TriX xmlns="http://www.w3.org/2004/03/trix/trix-1/">';
const RDF = '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">';

/** [extension, document, message pattern, line (undefined where the format reads the whole JSON first)] */
const CASES: [string, string, RegExp, number | undefined][] = [
  ['nt', '<http://a> <http://b> <http://c> .\n<http://a> <http://b> "unterminated .\n', /unterminated literal/, 2],
  ['nt', '# comment\n\n<http://a> <http://b> <relative> .\n', /relative IRI/, 3],
  ['nt', '<http://a> <http://b> <http://c> <http://g> .\n', /expected "\." at the end of the statement/, 1],
  ['nt', '"lit" <http://b> <http://c> .\n', /a literal cannot be a subject/, 1],
  ['nt', '<http://a> <http://b> "x"@ .\n', /invalid language tag/, 1],
  ['nq', '<http://a> <http://b> <http://c> <http://g> .\n<http://a> <http://b> .\n', /expected an IRI, a blank node or a literal/, 2],
  ['nq', '<http://a> <http://b> <http://c> "g" .\n', /a literal cannot be a graph name/, 1],
  ['ttl', '@prefix ex: <http://ex/> .\nex:a ex:b ex:c .\nex:a ex:b undefined:c .\n', /Undefined prefix/, 3],
  ['trig', '<http://g> {\n <http://a> <http://b> <http://c> \n', /Expected punctuation/, 3],
  ['n3', '<http://a> <http://b> .\n', /Expected entity/, 1],
  ['rdf', `${RDF}\n<rdf:Description rdf:about="http://a">\n</rdf:RDF>`, /close tag/, 3],
  // an error while the stream is full must not leave the parse waiting for 'drain' (it once did)
  ['rdf', `${RDF}\n${'<rdf:Description rdf:about="http://a"/>\n'.repeat(300)}<foo:bar xmlns:foo="http://foo/" rdf:li="1"/></rdf:RDF>`, /li/, undefined],
  ['jsonld', '{"@context": "http://schema.org/", "name": "x"}', /remote document http:\/\/schema.org\/ is not loaded/, undefined],
  ['jsonld', '{\n"@id": "http://a",\n "http://p": \n}', /unexpected character "}"/, 4],
  ['rj', '{"http://a": {"http://p": [{"type": "uri"}]}}', /without a string "value"/, undefined],
  ['rj', '[{"http://p": []}]', /the document must be a JSON object/, undefined],
  ['rj', '"just a string"', /the document must be a JSON object/, undefined],
  ['rj', '{"http://a": \n\n {"http://p": [{"type": "uri"]}}', /expected "," or "}"/, 3],
  ['trix', `${TRIX}\n<graph>\n<triple><uri>http://a</uri><uri>http://b</uri></triple>\n</graph></TriX>`, /needs three terms/, 3],
  ['trix', `${TRIX}\n<graph>\n<triple><uri>http://a</uri>\n<uri>http://b</uri><uri>http://c</uri></tripl>\n</graph></TriX>`, /close tag/, 4],
  ['trix', `${TRIX}\n<triple><uri>http://a</uri></triple></TriX>`, /<triple> outside <graph>/, 2],
  ['brf', 'not binary', /no "BRDF" header/, undefined],
];

for (const [extension, text, message, line] of CASES) {
  const format = rdfFormatFor(extension)!;
  t.test(`${format.name}: ${JSON.stringify(text.slice(0, 50))}`, async (t) => {
    const error = await parseQuads(format, text, {}, 5).then(
      () => undefined,
      (e: unknown) => e,
    );
    t.type(error, ParseError);
    t.match((error as ParseError).message, message);
    t.equal((error as ParseError).format, format.name);
    if (line !== undefined) t.equal((error as ParseError).line, line, 'line number');
  });
}

t.test('N-Triples errors carry the column of the offending term', async (t) => {
  const error = await parseQuads(rdfFormatFor('nt')!, '<http://a> <http://b> <http://c> .\n<http://a>  _:ok <http://c> .\n').then(
    () => undefined,
    (e: unknown) => e as ParseError,
  );
  t.equal(error?.line, 2);
  t.equal(error?.column, 13);
  t.match(error?.message, /expected an IRI as predicate/);
});

t.test('empty documents are valid and empty where the grammar allows it', async (t) => {
  for (const extension of ['nt', 'nq', 'ttl', 'trig', 'n3']) {
    t.same(await parseQuads(rdfFormatFor(extension)!, ''), [], extension);
  }
});
