/**
 * Test support for the SeRQL translation: the engine's algebra printed as
 * compact S-expressions, so golden cases read like the query they come from.
 * Terms print in N-Triples syntax shortened by the query's prefixes
 * (`rdf:type`), variables as `?name`.
 */
import type { Term } from '../rdf/terms.ts';
import type { Expression, Operation, PropertyPath, Query, TemplateTriple, TriplePattern } from '../sparql/algebra.ts';

export function printQuery(query: Query): string {
  const term = (t: Term) => printTerm(t, query.prefixes);
  const where = printOperation(query.where, term, 1);
  switch (query.form) {
    case 'SELECT': return `(select (${query.variables.join(' ')})\n  ${where})`;
    case 'CONSTRUCT': return `(construct (${query.template.map((t) => printTriple(t, term)).join(' ')})\n  ${where})`;
    default: return `(${query.form.toLowerCase()}\n  ${where})`;
  }
}

type TermPrinter = (t: Term) => string;

export function printTerm(t: Term, prefixes: ReadonlyMap<string, string> = new Map()): string {
  switch (t.termType) {
    case 'Variable': return '?' + t.value;
    case 'BlankNode': return '_:' + t.value;
    case 'NamedNode': {
      for (const [prefix, ns] of prefixes) if (t.value.startsWith(ns) && /^[\w-]*$/.test(t.value.slice(ns.length))) return prefix + ':' + t.value.slice(ns.length);
      return `<${t.value}>`;
    }
    case 'Literal': {
      const lexical = JSON.stringify(t.value);
      if (t.language) return `${lexical}@${t.language}`;
      if (t.datatype.value.endsWith('#string')) return lexical;
      return `${lexical}^^${printTerm(t.datatype, prefixes)}`;
    }
    default: return t.termType;
  }
}

function printTriple(t: TriplePattern | TemplateTriple, term: TermPrinter): string {
  return `(${term(t.subject)} ${term(t.predicate)} ${term(t.object)})`;
}

/** One operator per line, its operands indented below it; expressions stay on their operator's line. */
function printOperation(op: Operation, term: TermPrinter, depth = 0): string {
  const pad = '\n' + '  '.repeat(depth + 1);
  const o = (x: Operation) => pad + printOperation(x, term, depth + 1);
  const e = (x: Expression) => printExpression(x, term, depth + 1);
  switch (op.type) {
    case 'bgp': return `(bgp${op.patterns.map((p) => ' ' + printTriple(p, term)).join('')})`;
    case 'path': return `(path ${term(op.subject)} ${printPath(op.path, term)} ${term(op.object)})`;
    case 'join': case 'union': return `(${op.type}${op.input.map(o).join('')})`;
    case 'leftjoin': return `(leftjoin${op.expression ? ' ' + e(op.expression) : ''}${o(op.left)}${o(op.right)})`;
    case 'minus': return `(minus${o(op.left)}${o(op.right)})`;
    case 'filter': return `(filter ${e(op.expression)}${o(op.input)})`;
    case 'graph': return `(graph ${term(op.name)}${o(op.input)})`;
    case 'extend': return `(extend ?${op.variable} ${e(op.expression)}${o(op.input)})`;
    case 'values': return `(values (${op.variables.join(' ')}) ${op.rows.length})`;
    case 'group': return `(group (${op.variables.join(' ')})${o(op.input)})`;
    case 'orderby': return `(orderby (${op.conditions.map((c) => (c.descending ? `(desc ${e(c.expression)})` : e(c.expression))).join(' ')})${o(op.input)})`;
    case 'project': return `(project (${op.variables.join(' ')})${o(op.input)})`;
    case 'distinct': case 'reduced': return `(${op.type}${o(op.input)})`;
    case 'slice': return `(slice ${op.start} ${op.length ?? '_'}${o(op.input)})`;
    case 'service': return `(service ${term(op.name)}${o(op.input)})`;
  }
}

function printPath(path: PropertyPath, term: TermPrinter): string {
  return path.type === 'link' ? term(path.iri) : `(${path.type})`;
}

function printExpression(e: Expression, term: TermPrinter, depth: number): string {
  switch (e.type) {
    case 'term': return term(e.term);
    case 'variable': return '?' + e.name;
    case 'call': return `(${e.name}${e.args.map((a) => ' ' + printExpression(a, term, depth)).join('')})`;
    case 'exists': return `(${e.not ? 'notexists' : 'exists'}\n${'  '.repeat(depth + 1)}${printOperation(e.pattern, term, depth + 1)})`;
  }
}
