/**
 * The in-memory ValueStore (spec §2.3 svc:MemoryStore; RDF4J's ValueStore):
 * ground terms ↔ positive integer ids.
 *
 * Each term is kept once, as its *value key*: a string that identifies the
 * term and can be turned back into it. The key is N3.js's internal term id
 * (N3DataFactory `termToId`), so terms made by `n3` carry their key already and
 * interning them costs one Map lookup:
 *   IRI          the IRI itself            http://ex/a
 *   blank node   `_:` + label              _:b0
 *   literal      `"` lexical `"` suffix    "chat"@fr  "1"^^http://www.w3.org/2001/XMLSchema#integer  "x"
 *                (xsd:string literals have no suffix; language tags are lower-cased, as RDF 1.1 §3.3 allows)
 * An IRI whose first character would read as another kind (`"`, `_`, `<`, `?`, `[`), or the empty IRI, is
 * written `<iri>`. The key is unambiguous because a literal's lexical form ends at the last `"`.
 * `term(id)` rebuilds the RDF/JS term from its key in O(1) (no parsing for literals: n3's
 * Literal reads its parts from the key lazily), so no term objects are kept: this keeps
 * the dictionary at one string, one Map entry and one array slot per term.
 */
import { Literal as N3Literal, NamedNode as N3NamedNode } from 'n3';
import { DEFAULT_GRAPH, type Id, type ValueStore } from './sail.ts';
import { blankNode, defaultGraph, namedNode, type GroundTerm, type Term } from '../rdf/terms.ts';

export class MemoryValueStore implements ValueStore {
  private readonly ids = new Map<string, Id>();
  /** keyList[id] is the key of term `id`; keyList[0] stands for the default graph. */
  private readonly keyList: string[] = [''];

  /** Number of ids handed out (the largest id). */
  get size(): number {
    return this.keyList.length - 1;
  }

  lookup(term: Term): Id | undefined {
    if (term.termType === 'DefaultGraph') return DEFAULT_GRAPH;
    const key = valueKey(term);
    return key === undefined ? undefined : this.ids.get(key);
  }

  intern(term: GroundTerm): Id {
    const key = valueKey(term);
    if (key === undefined) throw new TypeError(`cannot store a ${term.termType} term`);
    return this.internKey(key);
  }

  /** The id of a value key, adding it when new. */
  internKey(key: string): Id {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.keyList.length;
      const own = ownString(key);
      this.keyList.push(own);
      this.ids.set(own, id);
    }
    return id;
  }

  term(id: Id): Term {
    if (id === DEFAULT_GRAPH) return defaultGraph();
    const key = this.keyList[id];
    if (key === undefined || !Number.isInteger(id) || id < 0) throw new RangeError(`unknown value id ${id}`);
    return termOfKey(key);
  }

  /** The value keys of ids 1 … size, in order (for persistence). */
  keys(): string[] {
    return this.keyList.slice(1);
  }

  /** Refills an empty dictionary with the keys of ids 1 … n, as `keys()` gave them. */
  restore(keys: readonly string[]): void {
    if (this.size !== 0) throw new RangeError('restore needs an empty value store');
    for (const key of keys) {
      this.ids.set(key, this.keyList.length);
      this.keyList.push(key);
    }
  }
}

/**
 * A copy of the string that holds only its own characters. Parsers cut terms
 * out of their input chunks, and V8 keeps such a slice as a pointer into the
 * whole chunk: storing it would keep every chunk of a load alive.
 */
function ownString(s: string): string {
  return s.length < 13 ? s : Buffer.from(s, 'utf8').toString('utf8');
}

/** The value key of a ground term; undefined for variables, quoted triples and the default graph. */
export function valueKey(term: Term): string | undefined {
  switch (term.termType) {
    case 'NamedNode': {
      const iri = term.value;
      if (iri === '' || '"_<?['.includes(iri[0]!)) return '<' + iri + '>';
      return iri;
    }
    case 'BlankNode':
      return '_:' + term.value;
    case 'Literal':
      // n3's own literals carry exactly this key (its factory already drops xsd:string and lower-cases tags).
      if (term instanceof N3Literal) return term.id;
      return literalKey(term.value, term.language, term.datatype.value, (term as { direction?: string }).direction);
    default:
      return undefined;
  }
}

const XSD_STRING = 'http://www.w3.org/2001/XMLSchema#string';

function literalKey(value: string, language: string, datatype: string, direction: string | undefined): string {
  if (language) return `"${value}"@${language.toLowerCase()}${direction ? '--' + direction.toLowerCase() : ''}`;
  if (datatype === XSD_STRING || datatype === '') return `"${value}"`;
  return `"${value}"^^${datatype}`;
}

/** Rebuilds a term from its value key. */
export function termOfKey(key: string): GroundTerm {
  switch (key[0]) {
    case '"':
      return new N3Literal(key) as unknown as GroundTerm;
    case '_':
      return blankNode(key.slice(2));
    case '<':
      return namedNode(key.slice(1, -1));
    default:
      return new N3NamedNode(key) as unknown as GroundTerm;
  }
}
