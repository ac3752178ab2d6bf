/**
 * Configuration documents as text (spec §2.3 "Configuration documents (Turtle)"):
 * reading a document in any registered RDF format into quads, and writing the
 * unified-vocabulary quads of `serialize.ts` as Turtle for `config.ttl`.
 */
import type { RdfFormat } from '../../formats/format.ts';
import { rdfFormatFor } from '../../formats/registry.ts';
import type { Quad } from '../../rdf/terms.ts';
import { RepositoryConfigError } from './errors.ts';
import { CONFIG_PREFIXES } from './serialize.ts';

/** The quads of a configuration document; `format` is a media type or extension (default Turtle). */
export async function readConfigDocument(text: string | Uint8Array, format = 'ttl', baseIRI?: string): Promise<Quad[]> {
  const quads: Quad[] = [];
  await turtleOr(format).parse([text], { quad: (q) => quads.push(q) }, baseIRI === undefined ? {} : { baseIRI });
  return quads;
}

/** A configuration as Turtle text, with the `config:`, `rdfs:` and `xsd:` prefixes. */
export function writeConfigTurtle(quads: Iterable<Quad>): string {
  const parts: string[] = [];
  const decoder = new TextDecoder();
  const writer = turtleOr('ttl').writer!({ write: (chunk) => parts.push(typeof chunk === 'string' ? chunk : decoder.decode(chunk)) }, { prefixes: CONFIG_PREFIXES });
  for (const q of quads) writer.quad(q);
  writer.end();
  return parts.join('');
}

function turtleOr(format: string): RdfFormat {
  const found = rdfFormatFor(format);
  if (found === undefined) throw new RepositoryConfigError(`no RDF parser for configuration format ${JSON.stringify(format)}`);
  return found;
}
