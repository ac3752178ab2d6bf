/**
 * The runner's one door to the `jsonld` package (JSON-LD 1.1 API §9): reading
 * JSON-LD test manifests as RDF, and expanding documents so fromRdf output can
 * be compared (json-ld-api tests/README.md "JSON-LD object comparison"). The
 * document loader serves only mounted local files; the web is never fetched.
 * Under test is our own JSON-LD format, never this adapter.
 */
import jsonld from 'jsonld';
import type { JsonLdDocument, Options } from 'jsonld';
import { df, literal, namedNode, blankNode, type Quad, type Term } from '../../src/rdf/terms.ts';
import type { SuiteFiles } from './suite-files.ts';

/** JSON as parsed, without `any`. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface PlainTerm {
  termType: string;
  value: string;
  language?: string;
  datatype?: { value: string };
}
interface PlainQuad {
  subject: PlainTerm;
  predicate: PlainTerm;
  object: PlainTerm;
  graph: PlainTerm;
}

type DocumentLoader = NonNullable<Options.DocLoader['documentLoader']>;
type RemoteDocument = Awaited<ReturnType<DocumentLoader>>;

function localLoader(files: SuiteFiles): DocumentLoader {
  const load = async (url: string): Promise<RemoteDocument> => ({
    documentUrl: url,
    document: JSON.parse(await files.readText(url)) as RemoteDocument['document'],
  });
  // The typings declare a legacy callback parameter that jsonld 9 no longer passes.
  return load as DocumentLoader;
}

/** A JSON-LD file (by its W3C URL) as RDF/JS quads, remote contexts loaded from local files. */
export async function jsonLdFileToQuads(url: string, files: SuiteFiles): Promise<Quad[]> {
  const document = JSON.parse(await files.readText(url)) as JsonLdDocument;
  const plain = (await jsonld.toRDF(document, { base: url, documentLoader: localLoader(files) })) as unknown as PlainQuad[];
  return plain.map((q) => df.quad(toTerm(q.subject) as Quad['subject'], toTerm(q.predicate) as Quad['predicate'],
    toTerm(q.object) as Quad['object'], toTerm(q.graph) as Quad['graph']));
}

/** Expanded form of a JSON-LD document, for JSON-LD object comparison. */
export async function expandJsonLd(document: Json, base: string, files: SuiteFiles): Promise<Json> {
  const expanded = await jsonld.expand(document as JsonLdDocument, { base, documentLoader: localLoader(files) });
  return expanded as unknown as Json;
}

function toTerm(term: PlainTerm): Term {
  switch (term.termType) {
    case 'NamedNode': return namedNode(term.value);
    case 'BlankNode': return blankNode(term.value.replace(/^_:/, ''));
    case 'Literal': return literal(term.value, term.language || namedNode(term.datatype?.value ?? ''));
    default: return df.defaultGraph();
  }
}
