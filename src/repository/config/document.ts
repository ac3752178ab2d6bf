/**
 * Configuration documents as text (spec §2.3 "Configuration documents (Turtle)"):
 * reading a document in any registered RDF format into quads, and writing the
 * unified-vocabulary quads of `serialize.ts` as Turtle for `config.ttl`.
 */
import type { RdfFormat } from '../../formats/format.ts';
import { rdfFormatFor } from '../../formats/registry.ts';
import { type Literal, type Quad, rdf, type Term, termKey, xsd } from '../../rdf/terms.ts';
import { RepositoryConfigError } from './errors.ts';
import { CONFIG_PREFIXES } from './serialize.ts';

/** The quads of a configuration document; `format` is a media type or extension (default Turtle). */
export async function readConfigDocument(text: string | Uint8Array, format = 'ttl', baseIRI?: string): Promise<Quad[]> {
  const quads: Quad[] = [];
  await turtleOr(format).parse([text], { quad: (q) => quads.push(q) }, baseIRI === undefined ? {} : { baseIRI });
  return quads;
}

/**
 * A configuration as Turtle, the way RDF4J writes `config.ttl`: prefixes, no
 * base, and each configuration node nested as `[ … ]` inside the node that
 * points to it, so the file reads like the templates.
 */
export function writeConfigTurtle(quads: Iterable<Quad>): string {
  const graph = new TurtleTree(quads);
  const head = [...CONFIG_PREFIXES].map(([prefix, iri]) => `@prefix ${prefix}: <${iri}>.`).join('\n');
  return `${head}\n\n${graph.roots().map((root) => `${graph.subject(root)} ${graph.properties(root, '')} .`).join('\n\n')}\n`;
}

/** The statements by subject, with the blank nodes that can be written nested (used once as an object). */
class TurtleTree {
  private readonly bySubject = new Map<string, Quad[]>();
  private readonly uses = new Map<string, number>();

  constructor(quads: Iterable<Quad>) {
    for (const q of quads) {
      const key = termKey(q.subject);
      this.bySubject.set(key, [...(this.bySubject.get(key) ?? []), q]);
      if (q.object.termType === 'BlankNode') this.uses.set(termKey(q.object), (this.uses.get(termKey(q.object)) ?? 0) + 1);
    }
  }

  /** Subjects not written inside another node. */
  roots(): string[] {
    return [...this.bySubject.keys()].filter((key) => !this.nested(key));
  }

  subject(key: string): string {
    return key.startsWith('_:') && !this.uses.has(key) ? '[]' : key;
  }

  properties(key: string, indent: string): string {
    const inner = indent + '   ';
    const quads = this.bySubject.get(key) ?? [];
    return quads.map((q) => `${predicate(q.predicate.value)} ${this.object(q.object, inner)}`).join(` ;\n${inner}`);
  }

  private object(term: Term, indent: string): string {
    const key = termKey(term);
    if (this.nested(key)) return `[\n${indent}   ${this.properties(key, indent)}\n${indent}]`;
    if (term.termType === 'NamedNode') return iriText(term.value);
    return term.termType === 'Literal' ? literalText(term) : key;
  }

  private nested(key: string): boolean {
    return key.startsWith('_:') && this.uses.get(key) === 1 && this.bySubject.has(key);
  }
}

function predicate(iri: string): string {
  return iri === rdf.type.value ? 'a' : iriText(iri);
}

/** An IRI as a prefixed name when one of our prefixes covers it. */
function iriText(iri: string): string {
  for (const [prefix, namespace] of CONFIG_PREFIXES) {
    const local = iri.slice(namespace.length);
    if (iri.startsWith(namespace) && /^[A-Za-z_][\w.-]*[\w-]$/.test(local)) return `${prefix}:${local}`;
  }
  return `<${iri}>`;
}

/** Booleans and integers in Turtle's short forms (Turtle §2.5.2), everything else in N-Triples spelling. */
function literalText(term: Literal): string {
  if (term.datatype.equals(xsd.boolean) && /^(true|false)$/.test(term.value)) return term.value;
  if (term.datatype.equals(xsd.integer) && /^[+-]?\d+$/.test(term.value)) return term.value;
  return termKey(term);
}

function turtleOr(format: string): RdfFormat {
  const found = rdfFormatFor(format);
  if (found === undefined) throw new RepositoryConfigError(`no RDF parser for configuration format ${JSON.stringify(format)}`);
  return found;
}
