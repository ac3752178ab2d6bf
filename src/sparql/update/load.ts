/**
 * §3.1.4 LOAD (https://www.w3.org/TR/sparql11-update/#load): dereference an
 * IRI through the fetch policy (`src/net/fetchPolicy.ts`), choose the parser
 * from the response's media type (or, failing that, the URL's extension),
 * and add the triples to the default graph or to the INTO GRAPH graph.
 */
import { RDF_FORMATS, rdfFormatFor } from '../../formats/registry.ts';
import type { RdfFormat } from '../../formats/format.ts';
import { defaultGraph, df, type NamedNode, type Quad } from '../../rdf/terms.ts';
import { fetchDocument, type FetchPolicy } from '../../net/fetchPolicy.ts';

/** Accept header for LOAD: Turtle first, every other RDF format we parse a little lower. */
export const LOAD_ACCEPT = [
  ...RDF_FORMATS.filter((f) => f.mediaTypes[0] === 'text/turtle').map((f) => f.mediaTypes[0]),
  ...RDF_FORMATS.filter((f) => f.mediaTypes[0] !== 'text/turtle').map((f) => `${f.mediaTypes[0]};q=0.9`),
  '*/*;q=0.1',
].join(', ');

/** Media types that say nothing about the syntax: fall back to the extension. */
const GENERIC_MEDIA_TYPES = new Set(['text/plain', 'application/octet-stream', 'binary/octet-stream']);

/** The LOAD operation failed (fetch, format, parse); SILENT turns it into a no-op. */
export class LoadError extends Error {
  override readonly name = 'LoadError';
}

/**
 * Fetches and parses `source`, handing each quad (moved into `into` when
 * given, since LOAD … INTO GRAPH puts every triple there) to `add`.
 */
export async function loadDocument(
  source: NamedNode,
  into: NamedNode | undefined,
  add: (quad: Quad) => void,
  policy: FetchPolicy | undefined,
  signal: AbortSignal | undefined,
): Promise<void> {
  const document = await fetchDocument(source.value, LOAD_ACCEPT, policy, signal).catch((e: Error) => {
    throw new LoadError(`LOAD <${source.value}>: ${e.message}`);
  });
  const format = formatOf(document.mediaType, document.url);
  const target = into ?? defaultGraph();
  const handler = into || !format.supportsContexts
    ? (q: Quad) => add(df.quad(q.subject, q.predicate, q.object, target))
    : add;
  try {
    await format.parse(document.body, { quad: handler }, { baseIRI: document.url });
  } catch (e) {
    throw new LoadError(`LOAD <${source.value}>: ${(e as Error).message}`);
  }
}

function formatOf(mediaType: string | undefined, url: string): RdfFormat {
  const byType = mediaType && !GENERIC_MEDIA_TYPES.has(mediaType) ? rdfFormatFor(mediaType) : undefined;
  if (byType) return byType;
  const pathname = new URL(url).pathname;
  const byExtension = pathname.includes('.') ? rdfFormatFor(pathname.slice(pathname.lastIndexOf('/') + 1)) : undefined;
  if (byExtension) return byExtension;
  throw new LoadError(`LOAD <${url}>: no RDF parser for ${mediaType ? `media type ${mediaType}` : 'this document'}`);
}
