/**
 * The format registry of spec §4.15: every RDF, tuple-result and boolean-result
 * format, looked up by media type (case-insensitive, parameters ignored; the
 * aliases of rdf4j-facts §7.2 included) or by file extension.
 */
import type { BooleanResultFormat, Format, RdfFormat, TupleResultFormat } from './format.ts';
import { binaryRdf } from './rdf/binaryRdf.ts';
import { jsonLd } from './rdf/jsonld.ts';
import { notation3 } from './rdf/n3.ts';
import { nquads } from './rdf/nquads.ts';
import { ntriples } from './rdf/ntriples.ts';
import { rdfJson } from './rdf/rdfjson.ts';
import { rdfxml } from './rdf/rdfxml.ts';
import { trig } from './rdf/trig.ts';
import { trix } from './rdf/trix.ts';
import { turtle } from './rdf/turtle.ts';
import { binaryResults } from './results/binaryResults.ts';
import { sparqlCsv } from './results/csv.ts';
import { sparqlJsonBoolean, sparqlJsonTuple } from './results/sparqlJson.ts';
import { sparqlXmlBoolean, sparqlXmlTuple } from './results/sparqlXml.ts';
import { textBoolean } from './results/textBoolean.ts';
import { sparqlTsv } from './results/tsv.ts';

/**
 * In the order of the spec's §4.15 tables. Negotiation breaks ties by this order
 * (after the preferred format), and the first format listed wins a shared
 * media type or extension (`xml` is RDF/XML, not TriX).
 */
export const RDF_FORMATS: readonly RdfFormat[] = [
  rdfxml, ntriples, turtle, notation3, nquads, jsonLd, rdfJson, trix, trig, binaryRdf,
];

export const TUPLE_FORMATS: readonly TupleResultFormat[] = [sparqlXmlTuple, sparqlJsonTuple, binaryResults, sparqlCsv, sparqlTsv];

export const BOOLEAN_FORMATS: readonly BooleanResultFormat[] = [sparqlXmlBoolean, sparqlJsonBoolean, textBoolean];

/** The `Content-Type` header value for a format: textual formats are UTF-8. */
export function contentType(format: Format): string {
  const mediaType = format.mediaTypes[0]!;
  return format.binary ? mediaType : `${mediaType};charset=UTF-8`;
}

/** `text/Turtle; charset=utf-8` → `text/turtle`. */
export function bareMediaType(mediaType: string): string {
  const semicolon = mediaType.indexOf(';');
  return (semicolon < 0 ? mediaType : mediaType.slice(0, semicolon)).trim().toLowerCase();
}

/** Indexes formats by bare media type and by extension; the first format listed wins a shared key. */
function index<F extends Format>(formats: readonly F[]): (key: string) => F | undefined {
  const byMediaType = new Map<string, F>();
  const byExtension = new Map<string, F>();
  for (const format of formats) {
    for (const mediaType of format.mediaTypes) if (!byMediaType.has(mediaType)) byMediaType.set(mediaType, format);
    for (const extension of format.extensions) if (!byExtension.has(extension)) byExtension.set(extension, format);
  }
  return (key) => {
    if (key.includes('/')) return byMediaType.get(bareMediaType(key));
    return byExtension.get(extensionOf(key));
  };
}

/** `ttl`, `.ttl`, `data.ttl` and `data.nt.gz` (compression suffixes skipped) → the extension. */
function extensionOf(key: string): string {
  const parts = key.trim().toLowerCase().split('.');
  while (parts.length > 1 && COMPRESSION_SUFFIXES.has(parts[parts.length - 1]!)) parts.pop();
  return parts[parts.length - 1]!;
}
const COMPRESSION_SUFFIXES = new Set(['gz', 'bz2', 'xz', 'zip']);

export const rdfFormatFor: (mediaTypeOrExtension: string) => RdfFormat | undefined = index(RDF_FORMATS);
export const tupleFormatFor: (mediaTypeOrExtension: string) => TupleResultFormat | undefined = index(TUPLE_FORMATS);
export const booleanFormatFor: (mediaTypeOrExtension: string) => BooleanResultFormat | undefined = index(BOOLEAN_FORMATS);
