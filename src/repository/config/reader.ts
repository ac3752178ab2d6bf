/**
 * Reading property values off a configuration node (spec §2.3; reading rule of
 * rdf4j-facts §8.1): the unified name wins, the legacy name is the fallback, a
 * disagreement between the two is reported as a warning, and every value is
 * checked for its type (string, boolean, integer, IRI, nested node).
 */
import { type Quad, type Subject, type Term, RDFS, termKey, XSD } from '../../rdf/terms.ts';
import { RepositoryConfigError } from './errors.ts';
import { type ConfigProperty, configName, legacyIris, unifiedIris } from './vocabulary.ts';

/** The statements of a configuration document by subject and predicate; graphs are merged. */
export class ConfigGraph {
  private readonly bySubject = new Map<string, Map<string, Term[]>>();
  private readonly subjects = new Map<string, Subject>();
  readonly warnings: string[] = [];

  constructor(quads: Iterable<Quad>) {
    for (const q of quads) {
      const key = termKey(q.subject);
      this.subjects.set(key, q.subject as Subject);
      const predicates = getOrCreate(this.bySubject, key, () => new Map<string, Term[]>());
      const values = getOrCreate(predicates, q.predicate.value, () => []);
      if (!values.some((v) => v.equals(q.object))) values.push(q.object);
    }
  }

  /** The objects of `(subject, predicate IRI, ?)`. */
  objects(subject: Term, predicate: string): readonly Term[] {
    return this.bySubject.get(termKey(subject))?.get(predicate) ?? [];
  }

  /** Every statement as (subject, predicate IRI, objects), for document-wide checks. */
  *entries(): Iterable<readonly [subject: Subject, predicate: string, objects: readonly Term[]]> {
    for (const [key, predicates] of this.bySubject) {
      for (const [predicate, objects] of predicates) yield [this.subjects.get(key)!, predicate, objects];
    }
  }

  reader(node: Subject, role: string): NodeReader {
    return new NodeReader(this, node, role);
  }
}

/** Typed access to the properties of one node; errors name the property and the node. */
export class NodeReader {
  constructor(
    private readonly graph: ConfigGraph,
    readonly node: Subject,
    /** What the node is, for messages: "repository", "config:sail.impl"… */
    private readonly role: string,
  ) {}

  /** Values of a property: unified spellings if any, else legacy ones. */
  values(property: ConfigProperty): readonly Term[] {
    const unified = unifiedIris(property).flatMap((iri) => this.graph.objects(this.node, iri));
    const legacy = legacyIris(property).flatMap((iri) => this.graph.objects(this.node, iri));
    if (unified.length === 0) return legacy;
    if (legacy.length > 0 && !sameTerms(unified, legacy)) {
      this.graph.warnings.push(
        `${configName(property)} and its legacy name disagree on ${this.where()}; the ${configName(property)} value is used`,
      );
    }
    return unified;
  }

  /** The single value of a property, or undefined. */
  optional(property: ConfigProperty): Term | undefined {
    const values = this.values(property);
    if (values.length > 1) throw this.error(property, `has ${values.length} values; one is expected`);
    return values[0];
  }

  required(property: ConfigProperty): Term {
    const value = this.optional(property);
    if (value === undefined) throw this.error(property, 'is required');
    return value;
  }

  string(property: ConfigProperty): string | undefined {
    const value = this.optional(property);
    return value === undefined ? undefined : this.asString(property, value);
  }

  requiredString(property: ConfigProperty): string {
    return this.asString(property, this.required(property));
  }

  boolean(property: ConfigProperty): boolean | undefined {
    const value = this.optional(property);
    return value === undefined ? undefined : this.asBoolean(property, value);
  }

  requiredBoolean(property: ConfigProperty): boolean {
    return this.asBoolean(property, this.required(property));
  }

  integer(property: ConfigProperty): number | undefined {
    const value = this.optional(property);
    if (value === undefined) return undefined;
    const lexical = this.literalValue(property, value, 'an integer').trim();
    const n = Number(lexical);
    if (!/^[+-]?\d+$/.test(lexical) || !Number.isSafeInteger(n)) throw this.error(property, `must be an integer, not ${termKey(value)}`);
    return n;
  }

  iri(property: ConfigProperty): string | undefined {
    const value = this.optional(property);
    return value === undefined ? undefined : this.asIri(property, value);
  }

  requiredIri(property: ConfigProperty): string {
    return this.asIri(property, this.required(property));
  }

  /** An IRI or a literal, as a string (`ca.base`, where RDF4J accepts either). */
  iriOrString(property: ConfigProperty): string | undefined {
    const value = this.optional(property);
    if (value === undefined) return undefined;
    return value.termType === 'NamedNode' ? value.value : this.asString(property, value);
  }

  /** A nested configuration node (usually a blank node). */
  requiredNode(property: ConfigProperty): Subject {
    const value = this.required(property);
    if (value.termType !== 'BlankNode' && value.termType !== 'NamedNode') {
      throw this.error(property, `must be a node (a nested configuration), not ${termKey(value)}`);
    }
    return value;
  }

  /** The nested configuration node a property points to, to read in turn. */
  child(property: ConfigProperty): NodeReader {
    return new NodeReader(this.graph, this.requiredNode(property), configName(property));
  }

  /** `rdfs:label`, which has no config-namespace name. */
  label(): string | undefined {
    const values = this.graph.objects(this.node, RDFS + 'label');
    if (values.length > 1) throw new RepositoryConfigError(`rdfs:label has ${values.length} values on ${this.where()}; one is expected`, 'rdfs:label', termKey(this.node));
    const value = values[0];
    if (value === undefined) return undefined;
    if (value.termType !== 'Literal') throw new RepositoryConfigError(`rdfs:label must be a literal on ${this.where()}`, 'rdfs:label', termKey(this.node));
    return value.value;
  }

  error(property: ConfigProperty, problem: string): RepositoryConfigError {
    return new RepositoryConfigError(`${configName(property)} ${problem} (on ${this.where()})`, configName(property), termKey(this.node));
  }

  private where(): string {
    return `the ${this.role} node ${termKey(this.node)}`;
  }

  private asString(property: ConfigProperty, value: Term): string {
    return this.literalValue(property, value, 'a string literal');
  }

  private asBoolean(property: ConfigProperty, value: Term): boolean {
    // xsd:boolean's lexical space (XSD 1.1 §3.3.2): true, false, 1, 0.
    switch (this.literalValue(property, value, 'a boolean').trim()) {
      case 'true':
      case '1':
        return true;
      case 'false':
      case '0':
        return false;
      default:
        throw this.error(property, `must be a boolean (true or false), not ${termKey(value)}`);
    }
  }

  private asIri(property: ConfigProperty, value: Term): string {
    if (value.termType !== 'NamedNode') throw this.error(property, `must be an IRI, not ${termKey(value)}`);
    return value.value;
  }

  private literalValue(property: ConfigProperty, value: Term, expected: string): string {
    if (value.termType !== 'Literal') throw this.error(property, `must be ${expected}, not ${termKey(value)}`);
    const datatype = value.datatype.value;
    if (expected !== 'a string literal' && datatype.startsWith(XSD) && !NUMERIC_OR_BOOLEAN.has(datatype.slice(XSD.length))) {
      throw this.error(property, `must be ${expected}, not ${termKey(value)}`);
    }
    return value.value;
  }
}

/** Datatypes whose literals may stand for a boolean or an integer (plus plain strings, which are parsed). */
const NUMERIC_OR_BOOLEAN = new Set(['string', 'boolean', 'integer', 'int', 'long', 'short', 'byte', 'nonNegativeInteger', 'positiveInteger', 'unsignedInt', 'unsignedLong']);

function sameTerms(a: readonly Term[], b: readonly Term[]): boolean {
  return a.length === b.length && a.every((x) => b.some((y) => x.equals(y)));
}

function getOrCreate<K, V>(map: Map<K, V>, key: K, create: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = create();
    map.set(key, value);
  }
  return value;
}
