/**
 * RDF 1.1 JSON Alternate Serialization (RDF/JSON, https://www.w3.org/TR/rdf-json/),
 * spec §4.15 `application/rdf+json`: `{ subject: { predicate: [ value objects ] } }`.
 * Named graphs use RDF4J's extension, a `"graphs"` array on a value object
 * (`null` = the default graph), so SHACL reports and exports keep their contexts.
 *
 * The parser streams, one subject member at a time; the writer cannot: JSON
 * objects cannot repeat a key, so it gathers every statement of a subject
 * before writing it, and so holds the whole graph until `end()`.
 */
import { defaultGraph, literal, namedNode, quad, type Quad, type Term, XSD } from '../../rdf/terms.ts';
import {
  type ByteSink,
  type ByteSource,
  ParseError,
  type RdfFormat,
  type RdfHandler,
  type RdfParseOptions,
  type RdfWriter,
} from '../format.ts';
import { TextBuffer } from '../io.ts';
import { streamJson } from '../json.ts';
import { BlankNodeScope } from './blankNodes.ts';

const NAME = 'RDF/JSON';

function resourceKey(term: Term): string {
  return term.termType === 'BlankNode' ? '_:' + term.value : term.value;
}

/** §2: a value object, with RDF4J's "graphs" when the statement is in a named graph. */
function valueObject(q: Quad): string {
  const o = q.object;
  let json: string;
  if (o.termType === 'Literal') {
    json = '{"type":"literal","value":' + JSON.stringify(o.value);
    if (o.language) json += ',"lang":' + JSON.stringify(o.language);
    else if (o.datatype.value !== XSD + 'string') json += ',"datatype":' + JSON.stringify(o.datatype.value);
  } else {
    json = `{"type":"${o.termType === 'BlankNode' ? 'bnode' : 'uri'}","value":` + JSON.stringify(resourceKey(o));
  }
  if (q.graph.termType !== 'DefaultGraph') json += ',"graphs":[' + JSON.stringify(resourceKey(q.graph)) + ']';
  return json + '}';
}

function writer(sink: ByteSink): RdfWriter {
  // subject key → predicate IRI → value objects, in first-seen order
  const subjects = new Map<string, Map<string, string[]>>();
  return {
    namespace: () => undefined, // RDF/JSON has no prefixes
    quad(q: Quad) {
      const subject = resourceKey(q.subject);
      let predicates = subjects.get(subject);
      if (!predicates) subjects.set(subject, (predicates = new Map()));
      let values = predicates.get(q.predicate.value);
      if (!values) predicates.set(q.predicate.value, (values = []));
      values.push(valueObject(q));
    },
    end() {
      const out = new TextBuffer(sink);
      out.push('{');
      let firstSubject = true;
      for (const [subject, predicates] of subjects) {
        out.push((firstSubject ? '\n' : ',\n') + JSON.stringify(subject) + ':{');
        firstSubject = false;
        let firstPredicate = true;
        for (const [predicate, values] of predicates) {
          out.push((firstPredicate ? '' : ',') + '\n  ' + JSON.stringify(predicate) + ':[' + values.join(',') + ']');
          firstPredicate = false;
        }
        out.push('}');
      }
      out.push('\n}\n');
      out.flush();
    },
  };
}

/** Streams the top-level object: each subject's statements go out as soon as its member is read. */
async function parse(input: ByteSource, handler: RdfHandler, options?: RdfParseOptions): Promise<void> {
  const scope = new BlankNodeScope(options);
  const resource = (key: string): Quad['subject'] => (key.startsWith('_:') ? scope.labelled(key.slice(2)) : namedNode(key));
  const root = await streamJson(input, NAME, (path) => path.length === 0, (predicates, _root, subject) => {
    if (subject === undefined) throw fail('the document must be a JSON object');
    for (const [predicate, values] of Object.entries(asObject(predicates, `the predicates of ${subject}`))) {
      if (!Array.isArray(values)) throw fail(`the values of ${subject} ${predicate} must be an array`);
      for (const value of values) {
        const v = asObject(value, 'a value');
        const object = objectTerm(v, resource);
        for (const graph of graphsOf(v)) {
          handler.quad(quad(resource(subject), namedNode(predicate), object, graph === null ? defaultGraph() : (resource(graph) as Quad['graph'])));
        }
      }
    }
  });
  asObject(root, 'the document');
}

function objectTerm(v: Record<string, unknown>, resource: (key: string) => Quad['subject']): Quad['object'] {
  if (typeof v.value !== 'string') throw fail('a value object without a string "value"');
  switch (v.type) {
    case 'uri':
      return namedNode(v.value);
    case 'bnode':
      return resource(v.value.startsWith('_:') ? v.value : '_:' + v.value);
    case 'literal':
      if (typeof v.lang === 'string') return literal(v.value, v.lang);
      return typeof v.datatype === 'string' ? literal(v.value, namedNode(v.datatype)) : literal(v.value);
    default:
      throw fail(`unknown value type ${JSON.stringify(v.type)}`);
  }
}

/** RDF4J's "graphs": the contexts of the statement; absent = the default graph only. */
function graphsOf(v: Record<string, unknown>): (string | null)[] {
  if (v.graphs === undefined) return [null];
  if (!Array.isArray(v.graphs) || !v.graphs.every((g) => g === null || typeof g === 'string')) {
    throw fail('"graphs" must be an array of graph names or null');
  }
  return v.graphs as (string | null)[];
}

function asObject(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw fail(`${what} must be a JSON object`);
  return value as Record<string, unknown>;
}

function fail(message: string): ParseError {
  return new ParseError(message, NAME);
}

export const rdfJson: RdfFormat = {
  kind: 'rdf',
  name: NAME,
  mediaTypes: ['application/rdf+json'],
  extensions: ['rj'],
  binary: false,
  supportsContexts: true,
  supportsNamespaces: false,
  parse,
  writer,
};
