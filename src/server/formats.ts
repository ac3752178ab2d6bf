/**
 * §4.15 content types at the HTTP edge: which format answers a request (`Accept`
 * header or query parameter → 406 / 400 UNSUPPORTED FILE FORMAT) and which parser
 * reads an upload (`Content-Type` → 415), plus the response headers RDF4J sends
 * (`Content-Type` with charset, `Vary`, `Content-Disposition`, rdf4j-facts §7.1).
 */
import type { Format, RdfFormat } from '../formats/format.ts';
import { contentType, rdfFormatFor } from '../formats/registry.ts';
import { negotiate, parseAccept } from '../formats/negotiate.ts';
import { notAcceptable, unsupportedFileFormat, unsupportedMediaType } from '../protocol/errors.ts';
import type { Exchange } from './exchange.ts';

/** The format to answer with among `formats`, `preferred` when the client does not care. */
export function chooseFormat<F extends Format>(exchange: Exchange, formats: readonly F[], preferred: F): F {
  const accept = exchange.accept;
  const chosen = negotiate(accept, formats, preferred);
  if (chosen !== undefined) return chosen;
  throw exchange.acceptFromParameter ? unsupportedFileFormat(accept) : notAcceptable(accept);
}

/**
 * Response headers for a document in `format`; `filename` is RDF4J's hint
 * (`statements`, `query-result`…). The media type is the one the client named,
 * when it named one of the format's aliases (`application/n-triples` for the
 * spec's `text/plain`), else the format's canonical one.
 */
export function documentHeaders(exchange: Exchange, format: Format, filename: string): Record<string, string> {
  const named = new Set(parseAccept(exchange.accept).filter((r) => r.q > 0).map((r) => `${r.type}/${r.subtype}`));
  const mediaType = format.mediaTypes.find((m) => named.has(m));
  const type = mediaType === undefined ? contentType(format) : format.binary ? mediaType : `${mediaType};charset=UTF-8`;
  return {
    'Content-Type': type,
    Vary: 'Accept',
    'Content-Disposition': `attachment; filename=${filename}.${format.extensions[0] ?? 'txt'}`,
  };
}

/** The parser for an uploaded RDF document, by its `Content-Type` (415 when missing or unknown). */
export function uploadFormat(exchange: Exchange): RdfFormat {
  const mediaType = exchange.mediaType;
  const format = mediaType === undefined ? undefined : rdfFormatFor(mediaType);
  if (format === undefined) throw unsupportedMediaType(mediaType);
  return format;
}
