/**
 * The graph-producing query forms (SPARQL 1.1 Query §16.2 CONSTRUCT, §16.4
 * DESCRIBE) over the rows of the WHERE clause.
 *
 * CONSTRUCT: each solution instantiates the template with fresh blank nodes;
 * triples with an unbound variable or an ill-formed position (a literal
 * subject, a non-IRI predicate) are left out; the result is a set, so a
 * triple is reported once.
 *
 * DESCRIBE gives the concise bounded description of each resource: every
 * statement with it as subject in the default graph, followed recursively
 * through blank-node objects. (Statements where it is the object are not
 * included: DESCRIBE's form is the implementation's choice, §16.4.)
 */
import { df, termKey, type NamedNode, type Quad, type Term, type Variable } from '../rdf/terms.ts';
import type { Id } from '../sail/sail.ts';
import type { PatternTerm, TemplateTriple } from './algebra.ts';
import { matchActive } from './dataset.ts';
import { PAUSE, UNBOUND, type Row } from './eval/context.ts';
import type { Scope } from './eval/evaluate.ts';

type Pausable<T> = T | typeof PAUSE;

export function* constructQuads(template: readonly TemplateTriple[], scope: Scope, rows: Iterable<Row>): Iterable<Pausable<Quad>> {
  const { ctx, slots } = scope;
  const seen = new Set<string>();
  let solution = 0;
  const instantiate = (term: PatternTerm, row: Row): Term | undefined => {
    if (term.termType === 'Variable') {
      const id = row[slots.of(term.value)] ?? UNBOUND;
      return id === UNBOUND ? undefined : ctx.dictionary.term(id);
    }
    if (term.termType === 'BlankNode') return df.blankNode(`${term.value}_${solution}`);
    return term;
  };
  for (const row of rows) {
    if (row === PAUSE) {
      yield row;
      continue;
    }
    solution++;
    for (const t of template) {
      const s = instantiate(t.subject, row);
      const p = instantiate(t.predicate, row);
      const o = instantiate(t.object, row);
      const g = t.graph ? instantiate(t.graph, row) : df.defaultGraph();
      if (!s || !p || !o || !g) continue;
      if (s.termType !== 'NamedNode' && s.termType !== 'BlankNode') continue;
      if (p.termType !== 'NamedNode') continue;
      const quad = df.quad(s, p, o as Quad['object'], g as Quad['graph']);
      const key = `${termKey(s)} ${termKey(p)} ${termKey(o)} ${termKey(g)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      yield quad;
    }
  }
}

export function* describeQuads(terms: readonly (Variable | NamedNode)[], scope: Scope, rows: Iterable<Row>): Iterable<Pausable<Quad>> {
  const { ctx, slots } = scope;
  const resources = new Set<Id>();
  const constants = terms.filter((t) => t.termType === 'NamedNode').map((t) => ctx.dictionary.stored(t));
  for (const id of constants) if (id !== undefined) resources.add(id);
  const variables = terms.filter((t) => t.termType === 'Variable').map((t) => slots.of(t.value));
  if (variables.length > 0) {
    for (const row of rows) {
      if (row === PAUSE) {
        yield row;
        continue;
      }
      for (const slot of variables) if (row[slot]! > 0) resources.add(row[slot]!);
    }
  }
  const described = new Set<Id>();
  const seen = new Set<string>();
  const queue = [...resources];
  while (queue.length > 0) {
    const subject = queue.shift()!;
    if (described.has(subject)) continue;
    described.add(subject);
    for (const [s, p, o] of matchActive(ctx, undefined, subject)) {
      const key = `${s} ${p} ${o}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const object = ctx.dictionary.term(o);
      if (object.termType === 'BlankNode') queue.push(o);
      yield df.quad(ctx.dictionary.term(s) as Quad['subject'], ctx.dictionary.term(p) as Quad['predicate'], object as Quad['object']);
    }
  }
}
