/**
 * JSON-LD 1.1 (https://www.w3.org/TR/json-ld11/), spec §4.15 `application/ld+json`.
 *
 * Parsing goes through the `jsonld` package's toRDF (the JSON-LD 1.1
 * Deserialization algorithm). It needs the whole document: JSON-LD's meaning
 * depends on `@context` entries that may come anywhere in an object, so the
 * input is read completely before parsing. Remote contexts are not fetched: a
 * server must not make requests to URLs an upload names.
 *
 * Writing is the JSON-LD 1.1 Serialize RDF as JSON-LD algorithm (`jsonldFromRdf.ts`): `@type` for rdf:type,
 * `@list` for well-formed lists, `@json` for rdf:JSON literals, `{"@id": g, "@graph": [...]}` for named
 * graphs. It needs the whole dataset, so the writer buffers and writes at `end()`. With prefixes (from the
 * options or declared on the writer) the document is `{"@context": {prefixes}, "@graph": [...]}` and IRIs are
 * written as compact IRIs.
 */
import jsonld from 'jsonld';
import { defaultGraph, literal, namedNode, quad, type Quad, type Term, XSD } from '../../rdf/terms.ts';
import {
  type ByteSink,
  type ByteSource,
  ParseError,
  type RdfFormat,
  type RdfHandler,
  type RdfParseOptions,
  type RdfWriteOptions,
  type RdfWriter,
} from '../format.ts';
import { readAllText, TextBuffer } from '../io.ts';
import { parseJson } from '../json.ts';
import { BlankNodeScope } from './blankNodes.ts';
import { nodeJson, SerializeRdfAsJsonLd } from './jsonldFromRdf.ts';
import { prefixEntries } from './prefixes.ts';

const NAME = 'JSON-LD';

/** The shape of the terms `jsonld.toRDF` returns. */
interface JsonLdTerm {
  termType: string;
  value: string;
  datatype?: { value: string };
  language?: string;
}
interface JsonLdQuad {
  subject: JsonLdTerm;
  predicate: JsonLdTerm;
  object: JsonLdTerm;
  graph: JsonLdTerm;
}

class RemoteContextRefused extends Error {}

async function parse(input: ByteSource, handler: RdfHandler, options?: RdfParseOptions): Promise<void> {
  const document = parseJson(await readAllText(input), NAME);
  announcePrefixes(document, handler);
  const scope = new BlankNodeScope(options);
  let dataset: JsonLdQuad[];
  try {
    dataset = (await jsonld.toRDF(document as jsonld.JsonLdDocument, {
      base: options?.baseIRI,
      documentLoader: async (url: string) => {
        throw new RemoteContextRefused(`remote document ${url} is not loaded`);
      },
    } as jsonld.Options.ToRdf)) as unknown as JsonLdQuad[];
  } catch (e) {
    throw new ParseError(jsonLdMessage(e), NAME);
  }
  const term = (t: JsonLdTerm): Term => {
    switch (t.termType) {
      case 'NamedNode':
        return namedNode(t.value);
      case 'BlankNode':
        return scope.labelled(t.value);
      case 'Literal':
        return t.language ? literal(t.value, t.language) : literal(t.value, namedNode(t.datatype?.value ?? XSD + 'string'));
      default:
        return defaultGraph();
    }
  };
  for (const q of dataset) handler.quad(quad(term(q.subject) as never, term(q.predicate) as never, term(q.object) as never, term(q.graph) as never));
}

/** jsonld wraps loader failures; the cause says what actually went wrong. */
function jsonLdMessage(error: unknown): string {
  const e = error as Error & { details?: { cause?: Error } };
  const cause = e.details?.cause;
  if (cause instanceof RemoteContextRefused) return cause.message;
  return cause ? `${e.message}: ${cause.message}` : e.message;
}

/** Prefix-like entries of a top-level `@context` object, for the handler's namespace table. */
function announcePrefixes(document: unknown, handler: RdfHandler): void {
  const context = (document as { '@context'?: unknown } | null)?.['@context'];
  if (!handler.namespace || typeof context !== 'object' || context === null || Array.isArray(context)) return;
  for (const [prefix, iri] of Object.entries(context)) {
    if (!prefix.startsWith('@') && typeof iri === 'string' && GEN_DELIM_END.test(iri)) handler.namespace(prefix, iri);
  }
}

// JSON-LD 1.1 §4.4: a simple term definition is usable as a prefix when its IRI ends in a gen-delim.
const GEN_DELIM_END = /[:/?#[\]@]$/;

/**
 * The Serialize RDF as JSON-LD algorithm needs the whole dataset (see `jsonldFromRdf.ts`), so JSON-LD output
 * is not streamable: statements are buffered in node maps and the document is written at `end()`, one node
 * object per line. Namespaces declared any time before `end()` join the context.
 */
function writer(sink: ByteSink, options?: RdfWriteOptions): RdfWriter {
  const declared = prefixEntries(options?.prefixes);
  const dataset = new SerializeRdfAsJsonLd();
  return {
    namespace(prefix, iri) {
      declared.push([prefix, iri]);
    },
    quad(q: Quad) {
      dataset.add(q);
    },
    end() {
      writeDocument(new TextBuffer(sink), dataset, usablePrefixes(declared));
    },
  };
}

/** With usable prefixes the document is `{"@context": {prefixes}, "@graph": [...]}` with compact IRIs, else an array. */
function writeDocument(out: TextBuffer, dataset: SerializeRdfAsJsonLd, prefixes: [string, string][]): void {
  const compact = compactor(prefixes);
  out.push(prefixes.length > 0 ? `{"@context":${JSON.stringify(Object.fromEntries(prefixes.map(([ns, p]) => [p, ns])))},"@graph":[` : '[');
  let separator = '\n';
  for (const { node, graph } of dataset.convert()) {
    const head = JSON.stringify(nodeJson(node, compact));
    out.push(separator);
    separator = ',\n';
    if (!graph) {
      out.push(head);
      continue;
    }
    // A stringified object ends in `}`: reopen it for the graph's node objects, written one per line.
    out.push(head.slice(0, -1) + ',"@graph":[');
    graph.forEach((member, i) => out.push((i === 0 ? '\n' : ',\n') + JSON.stringify(nodeJson(member, compact))));
    out.push(']}');
  }
  out.push(prefixes.length > 0 ? '\n]}\n' : '\n]\n');
  out.flush();
}

/** [namespace, prefix] pairs that JSON-LD will expand back: gen-delim endings, no keyword-like names; a later declaration of a prefix wins. */
function usablePrefixes(prefixes: [string, string][]): [string, string][] {
  const byPrefix = new Map(prefixes);
  return [...byPrefix]
    .filter(([prefix, ns]) => /^[A-Za-z][A-Za-z0-9_.-]*$/.test(prefix) && GEN_DELIM_END.test(ns))
    .map(([prefix, ns]) => [ns, prefix]);
}

/** IRI → compact IRI with the longest matching namespace, when the result cannot be misread. */
function compactor(prefixes: [string, string][]): (iri: string) => string {
  if (prefixes.length === 0) return (iri) => iri;
  const sorted = [...prefixes].sort((a, b) => b[0].length - a[0].length);
  return (iri) => {
    for (const [ns, prefix] of sorted) {
      if (iri.startsWith(ns) && iri.length > ns.length && !iri.startsWith('//', ns.length)) return prefix + ':' + iri.slice(ns.length);
    }
    return iri;
  };
}

export const jsonLd: RdfFormat = {
  kind: 'rdf',
  name: NAME,
  mediaTypes: ['application/ld+json'],
  extensions: ['jsonld'],
  binary: false,
  supportsContexts: true,
  supportsNamespaces: true,
  parse,
  writer,
};
