import t from 'tap';
import { BOOLEAN_FORMATS, booleanFormatFor, contentType, RDF_FORMATS, rdfFormatFor, TUPLE_FORMATS, tupleFormatFor } from './registry.ts';

t.test('the spec §4.15 media types all resolve', async (t) => {
  const rdf: [string, string][] = [
    ['application/rdf+xml', 'RDF/XML'], ['text/plain', 'N-Triples'], ['text/turtle', 'Turtle'],
    ['application/x-turtle', 'Turtle'], ['text/rdf+n3', 'N3'], ['text/x-nquads', 'N-Quads'],
    ['application/ld+json', 'JSON-LD'], ['application/rdf+json', 'RDF/JSON'], ['application/trix', 'TriX'],
    ['application/x-trig', 'TriG'], ['application/x-binary-rdf', 'Binary RDF'],
    // aliases from rdf4j-facts §7.2
    ['application/n-triples', 'N-Triples'], ['text/n3', 'N3'], ['application/n-quads', 'N-Quads'],
    ['text/nquads', 'N-Quads'], ['application/trig', 'TriG'], ['application/xml', 'RDF/XML'],
  ];
  for (const [mediaType, name] of rdf) t.equal(rdfFormatFor(mediaType)?.name, name, mediaType);
  t.equal(tupleFormatFor('application/sparql-results+xml')?.name, 'SPARQL Query Results XML');
  t.equal(tupleFormatFor('application/sparql-results+json')?.name, 'SPARQL Query Results JSON');
  t.equal(tupleFormatFor('application/x-binary-rdf-results-table')?.name, 'Binary RDF Results Table');
  t.equal(tupleFormatFor('text/csv')?.name, 'SPARQL Query Results CSV');
  t.equal(tupleFormatFor('application/x-sparqlstar-results+json')?.name, 'SPARQL Query Results JSON');
  t.equal(tupleFormatFor('application/x-sparqlstar-results+xml')?.name, 'SPARQL Query Results XML');
  t.equal(booleanFormatFor('application/x-sparqlstar-results+json')?.name, 'SPARQL Query Results JSON');
  t.equal(booleanFormatFor('text/boolean')?.name, 'Plain text boolean');
  t.equal(booleanFormatFor('application/sparql-results+json')?.name, 'SPARQL Query Results JSON');
  t.equal(booleanFormatFor('application/x-binary-rdf-results-table'), undefined, 'RDF4J has no binary boolean format');
});

t.test('media types: case-insensitive, parameters ignored', async (t) => {
  t.equal(rdfFormatFor('Text/Turtle; charset=utf-8')?.name, 'Turtle');
  t.equal(rdfFormatFor(' application/ld+json ;profile=x')?.name, 'JSON-LD');
  t.equal(rdfFormatFor('image/png'), undefined);
});

t.test('extensions: bare, dotted, file names, compressed files', async (t) => {
  t.equal(rdfFormatFor('ttl')?.name, 'Turtle');
  t.equal(rdfFormatFor('.TTL')?.name, 'Turtle');
  t.equal(rdfFormatFor('data.nq')?.name, 'N-Quads');
  t.equal(rdfFormatFor('x.nt.gz')?.name, 'N-Triples');
  t.equal(rdfFormatFor('dump.brf')?.name, 'Binary RDF');
  t.equal(rdfFormatFor('xml')?.name, 'RDF/XML', 'the first format listed wins a shared extension');
  t.equal(rdfFormatFor('trix')?.name, 'TriX');
  t.equal(tupleFormatFor('tsv')?.name, 'SPARQL Query Results TSV');
  t.equal(rdfFormatFor('docx'), undefined);
});

t.test('Content-Type: canonical media type, charset for textual formats only', async (t) => {
  t.equal(contentType(rdfFormatFor('ttl')!), 'text/turtle;charset=UTF-8');
  t.equal(contentType(rdfFormatFor('nt')!), 'text/plain;charset=UTF-8');
  t.equal(contentType(rdfFormatFor('brf')!), 'application/x-binary-rdf');
  t.equal(contentType(tupleFormatFor('brt')!), 'application/x-binary-rdf-results-table');
});

t.test('every format has a canonical media type and extension; counts', async (t) => {
  for (const format of [...RDF_FORMATS, ...TUPLE_FORMATS, ...BOOLEAN_FORMATS]) {
    t.ok(format.mediaTypes.length > 0 && format.extensions.length > 0, format.name);
  }
  t.equal(RDF_FORMATS.length, 10);
  t.ok(RDF_FORMATS.every((f) => f.writer), 'every RDF format writes');
});
