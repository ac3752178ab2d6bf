import t from 'tap';
import type { Format } from './format.ts';
import {
  DEFAULT_BOOLEAN_FORMAT,
  DEFAULT_GRAPH_QUERY_FORMAT,
  DEFAULT_STATEMENTS_FORMAT,
  DEFAULT_TUPLE_FORMAT,
  negotiate,
  parseAccept,
} from './negotiate.ts';
import { BOOLEAN_FORMATS, RDF_FORMATS, TUPLE_FORMATS } from './registry.ts';

const rdf = (accept: string | undefined) => negotiate(accept, RDF_FORMATS, DEFAULT_STATEMENTS_FORMAT)?.name;
const tuple = (accept: string | undefined) => negotiate(accept, TUPLE_FORMATS, DEFAULT_TUPLE_FORMAT)?.name;

t.test('no Accept, an empty one, or */* gives the preferred format', async (t) => {
  for (const accept of [undefined, '', '  ', '*/*', '*/*;q=0.5']) t.equal(rdf(accept), 'TriG', String(accept));
  t.equal(tuple(undefined), 'SPARQL Query Results JSON');
  t.equal(negotiate(undefined, BOOLEAN_FORMATS, DEFAULT_BOOLEAN_FORMAT)?.name, 'SPARQL Query Results JSON');
  t.equal(negotiate('*/*', RDF_FORMATS, DEFAULT_GRAPH_QUERY_FORMAT)?.name, 'Turtle');
});

t.test('exact media types and aliases, case-insensitive, parameters ignored', async (t) => {
  t.equal(rdf('text/turtle'), 'Turtle');
  t.equal(rdf('application/x-turtle'), 'Turtle');
  t.equal(rdf('TEXT/PLAIN; charset=utf-8'), 'N-Triples');
  t.equal(rdf('application/n-triples'), 'N-Triples');
  t.equal(rdf('application/x-binary-rdf'), 'Binary RDF');
  t.equal(rdf('application/ld+json;profile="http://www.w3.org/ns/json-ld#expanded"'), 'JSON-LD');
  t.equal(tuple('application/x-binary-rdf-results-table'), 'Binary RDF Results Table');
  t.equal(tuple('text/tab-separated-values'), 'SPARQL Query Results TSV');
});

t.test('q-values choose, q=0 excludes', async (t) => {
  t.equal(rdf('text/turtle;q=0.5, application/rdf+xml'), 'RDF/XML');
  t.equal(rdf('text/turtle;q=0.9, application/rdf+xml;q=0.8'), 'Turtle');
  t.equal(rdf('*/*, application/x-trig;q=0'), 'RDF/XML', 'trig excluded, then the server order');
  t.equal(rdf('text/*, text/turtle;q=0'), 'N-Triples', 'text/plain is the first text/* format after excluding Turtle');
});

t.test('wildcards: the most specific matching range sets the weight', async (t) => {
  t.equal(rdf('text/*;q=0.9, application/x-trig;q=0.5'), 'N-Triples');
  t.equal(rdf('application/*'), 'TriG', 'the preferred format wins the tie');
  t.equal(rdf('*/*;q=0.1, text/turtle;q=0.2'), 'Turtle');
  t.equal(
    negotiate('application/*;q=0.5, text/turtle', RDF_FORMATS, DEFAULT_GRAPH_QUERY_FORMAT)?.name,
    'Turtle',
  );
});

t.test('ties on weight go to the more specific range, then to the server order', async (t) => {
  t.equal(rdf('*/*, text/turtle'), 'Turtle', 'a concrete type beats */* at equal q');
  t.equal(rdf('application/rdf+xml, text/turtle'), 'RDF/XML', 'server order: RDF/XML is listed before Turtle');
});

t.test('nothing acceptable → undefined (406)', async (t) => {
  t.equal(rdf('application/sparql-results+json'), undefined);
  t.equal(rdf('text/turtle;q=0'), undefined);
  t.equal(tuple('text/turtle, image/*'), undefined);
  t.equal(negotiate<Format>('application/x-binary-rdf-results-table', BOOLEAN_FORMATS, DEFAULT_BOOLEAN_FORMAT), undefined);
});

t.test('parseAccept skips malformed elements and reads weights', async (t) => {
  t.same(
    parseAccept('text/turtle;q=0.3, bogus, */x, application/json').map((r) => [r.type, r.subtype, r.q]),
    [['text', 'turtle', 0.3], ['application', 'json', 1]],
  );
});
