/**
 * Reading RDF files for the runner through OUR format registry (spec §4.15):
 * the W3C syntax tests judge these parsers, and manifests are read with them
 * too. Parsing collects quads into an array; test files are small.
 */
import { readFile } from 'node:fs/promises';
import { rdfFormatFor } from '../../src/formats/registry.ts';
import type { RdfFormat, RdfParseOptions } from '../../src/formats/format.ts';
import type { Quad } from '../../src/rdf/terms.ts';

export class UnknownTestFormat extends Error {
  override readonly name = 'UnknownTestFormat';
}

/** Our format for a media type or file extension; a missing one is an error naming it. */
export function requireFormat(mediaTypeOrExtension: string): RdfFormat {
  const format = rdfFormatFor(mediaTypeOrExtension);
  if (!format) throw new UnknownTestFormat(`no RDF format registered for "${mediaTypeOrExtension}"`);
  return format;
}

/** Parses bytes with `format`, resolving relative IRIs against `baseIRI`. */
export async function parseQuads(
  format: RdfFormat,
  bytes: Uint8Array | string,
  baseIRI: string,
  options: Omit<RdfParseOptions, 'baseIRI'> = {},
): Promise<Quad[]> {
  const quads: Quad[] = [];
  await format.parse([bytes], { quad: (q) => void quads.push(q) }, { ...options, baseIRI });
  return quads;
}

/** Parses a local file, choosing the format by its extension. */
export async function parseFile(localPath: string, baseIRI: string): Promise<Quad[]> {
  const extension = localPath.slice(localPath.lastIndexOf('.') + 1);
  return parseQuads(requireFormat(extension), await readFile(localPath), baseIRI);
}
