/**
 * Statement validity (RDF 1.1 Concepts §3.1 "Triples", §4 "RDF Datasets"): the
 * check every store applies before it writes, so an invalid statement is
 * rejected whole and changes nothing — not even the value dictionary.
 */
import { termKey, type GroundTerm, type Quad, type Term } from '../rdf/terms.ts';
import { InvalidStatementError } from './errors.ts';
import { DEFAULT_GRAPH, type IdQuad, type ValueStore } from './sail.ts';

type Position = 'subject' | 'predicate' | 'object' | 'context';

/** The term kinds RDF allows in each position (quoted triples are not stored). */
const ALLOWED: Readonly<Record<Position, readonly Term['termType'][]>> = {
  subject: ['NamedNode', 'BlankNode'],
  predicate: ['NamedNode'],
  object: ['NamedNode', 'BlankNode', 'Literal'],
  context: ['NamedNode', 'BlankNode', 'DefaultGraph'],
};

/** Throws `InvalidStatementError` naming the first term that cannot stand where it stands. */
export function checkStatement(quad: Quad): void {
  check('subject', quad.subject);
  check('predicate', quad.predicate);
  check('object', quad.object);
  check('context', quad.graph);
}

/** The statement as ids, interning its terms; validated first. */
export function statementIds(quad: Quad, values: ValueStore): IdQuad {
  checkStatement(quad);
  const g = quad.graph.termType === 'DefaultGraph' ? DEFAULT_GRAPH : values.intern(quad.graph as GroundTerm);
  return [
    values.intern(quad.subject as GroundTerm),
    values.intern(quad.predicate as GroundTerm),
    values.intern(quad.object as GroundTerm),
    g,
  ];
}

function check(position: Position, term: Term): void {
  if (!ALLOWED[position].includes(term.termType)) {
    const shown = term.termType === 'DefaultGraph' ? 'the default graph' : termKey(term);
    throw new InvalidStatementError(`a ${term.termType} cannot be the ${position} of a statement: ${shown}`);
  }
}
