/**
 * SPARQL 1.1 Query §19 grammar and §18.2 translation to the algebra, through
 * `sparqljs` (parser) and `sparqlalgebrajs` (translation). This is the ONLY
 * module that imports them: their loose node types (`[key: string]: any`)
 * are narrowed here into `algebra.ts`, so either library can be replaced.
 *
 * Options, fixed here:
 * - sparqljs `Parser({ baseIRI, prefixes: {} })`: one parser per call, since
 *   the parser keeps blank-node counters between calls; the ungrouped-variable
 *   check stays on (§11.4 projection rules are static errors).
 * - sparqlalgebrajs `translate(ast, { quads: false, blankToVariable: false })`:
 *   `GRAPH` stays an operator (the evaluator scopes the active graph itself),
 *   and blank nodes stay blank so CONSTRUCT templates keep fresh blank nodes;
 *   pattern blank nodes become `_:`-named variables below (§4.1.4).
 * - `toSparql` regenerates the text of a SERVICE block (§ SPARQL 1.1 Federated Query).
 */
import sparqljs from 'sparqljs';
import { Algebra, Factory, toSparql, translate, Util } from 'sparqlalgebrajs';
import { df, type Term } from '../rdf/terms.ts';
import { MalformedQueryError } from './api.ts';
import type {
  Aggregate, AggregateName, Expression, Operation, OrderCondition, PatternTerm, PropertyPath, Query, TemplateTriple,
  TriplePattern,
} from './algebra.ts';

export interface ParseQueryOptions {
  readonly baseIRI?: string;
}

/** Parses and translates a query; throws `MalformedQueryError` naming the problem. */
export function parseQuery(text: string, options: ParseQueryOptions = {}): Query {
  let ast: sparqljs.SparqlQuery;
  try {
    ast = new sparqljs.Parser({ baseIRI: options.baseIRI, prefixes: {} }).parse(unescapeCodepoints(text));
  } catch (error) {
    throw new MalformedQueryError((error as Error).message);
  }
  if (ast.type !== 'query') throw new MalformedQueryError('expected a query, got an update request');
  checkBlankNodeLabels(ast.where ?? []);
  keepOptionalGroupFilters(ast.where ?? []);
  let op: Algebra.Operation;
  try {
    op = translate(ast, { quads: false, blankToVariable: false, baseIRI: options.baseIRI });
  } catch (error) {
    throw new MalformedQueryError((error as Error).message);
  }
  const prefixes = new Map(Object.entries(ast.prefixes ?? {}));
  let query: Query = { ...narrowQuery(op, prefixes), base: ast.base ?? options.baseIRI };
  if (query.form === 'SELECT' && isSelectStar(ast)) query = { ...query, variables: inTextOrder(query.variables, text) };
  // sparqlalgebrajs drops `LIMIT 0` (a falsy limit); it still means "no solutions".
  if ((ast as { limit?: number }).limit === 0) query = { ...query, where: { type: 'slice', input: query.where, start: 0, length: 0 } };
  return query;
}

/** Parses an update request just far enough to tell whether it is well-formed (§3 of SPARQL 1.1 Update). */
export function checkUpdateSyntax(text: string, baseIRI?: string): void {
  let ast: sparqljs.SparqlQuery;
  try {
    ast = new sparqljs.Parser({ baseIRI, prefixes: {} }).parse(text);
  } catch (error) {
    throw new MalformedQueryError((error as Error).message);
  }
  if (ast.type !== 'update') throw new MalformedQueryError('expected an update request, got a query');
}

/**
 * §19.2 codepoint escapes (`\u0078`, `\U00000078`) outside string literals are
 * replaced before parsing (sparqljs only decodes them inside strings, where
 * they are left for it). A decoded escape never starts a string or a comment.
 */
function codepoint(hex: string): string {
  const value = parseInt(hex, 16);
  if (value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff)) throw new MalformedQueryError(`codepoint escape ${hex} is not a character`);
  return String.fromCodePoint(value);
}

/** An IRIREF (§19.8) at the start, possibly with codepoint escapes: its `#` starts no comment. */
const IRI_AHEAD = /^<(?:[^<>"{}|^`\\\x00-\x20]|\\u[0-9A-Fa-f]{4}|\\U[0-9A-Fa-f]{8})*>/;

export function unescapeCodepoints(text: string): string {
  if (!/\\[uU]/.test(text)) return text;
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"' || ch === "'") {
      const long = text.startsWith(ch.repeat(3), i);
      const close = long ? ch.repeat(3) : ch;
      let j = i + close.length;
      while (j < text.length && !text.startsWith(close, j) && (long || text[j] !== '\n')) j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + close.length);
      i = j + close.length;
    } else if (ch === '<' && IRI_AHEAD.test(text.slice(i, i + 2048))) {
      const iri = IRI_AHEAD.exec(text.slice(i, i + 2048))![0];
      out += iri.replace(/\\u([0-9A-Fa-f]{4})|\\U([0-9A-Fa-f]{8})/g, (_, four?: string, eight?: string) => codepoint(four ?? eight!));
      i += iri.length;
    } else if (ch === '#') {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? text.length : end;
      out += text.slice(i, stop);
      i = stop;
    } else if (ch === '\\' && (text[i + 1] === 'u' || text[i + 1] === 'U')) {
      const digits = text[i + 1] === 'u' ? 4 : 8;
      const hex = text.slice(i + 2, i + 2 + digits);
      if (!new RegExp(`^[0-9A-Fa-f]{${digits}}$`).test(hex)) throw new MalformedQueryError(`bad codepoint escape \\${text[i + 1]}${hex}`);
      out += codepoint(hex);
      i += 2 + digits;
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

/**
 * `OPTIONAL { { P FILTER(F) } }`: F belongs to the inner group, not to the
 * LeftJoin (§18.2.2.6 applies only to the OPTIONAL's own filters), but
 * sparqlalgebrajs unwraps the inner group. A one-branch UNION is the same
 * pattern and keeps the group — and its filter — intact. Mutates the AST.
 */
function keepOptionalGroupFilters(patterns: sparqljs.Pattern[]): void {
  for (const pattern of patterns) {
    if (!('patterns' in pattern)) continue;
    if (pattern.type === 'optional') {
      pattern.patterns = pattern.patterns.map((inner): sparqljs.Pattern =>
        inner.type === 'group' && inner.patterns.some((q) => q.type === 'filter') ? { type: 'union', patterns: [inner] } : inner);
    }
    keepOptionalGroupFilters(pattern.patterns as sparqljs.Pattern[]);
  }
}

/**
 * §4.1.4: a blank node label is scoped to one basic graph pattern; using it in
 * two (split by OPTIONAL, UNION, GRAPH, MINUS, a nested group …) is an error.
 * sparqljs spells explicit labels `e_…`; generated ones (`[]`) cannot repeat.
 */
function checkBlankNodeLabels(patterns: readonly sparqljs.Pattern[]): void {
  const owner = new Map<string, number>();
  let nextBgp = 0;
  const visitTerm = (term: unknown, bgp: number) => {
    if (!term || typeof term !== 'object') return;
    const t = term as { termType?: string; value?: string; items?: unknown[] };
    if (t.termType === 'BlankNode' && t.value?.startsWith('e_')) {
      const seen = owner.get(t.value);
      if (seen !== undefined && seen !== bgp) throw new MalformedQueryError(`blank node _:${t.value.slice(2)} is used in two basic graph patterns`);
      owner.set(t.value, bgp);
    }
  };
  const visitGroup = (group: readonly sparqljs.Pattern[]) => {
    let bgp = nextBgp++;
    for (const pattern of group) {
      switch (pattern.type) {
        case 'bgp':
          for (const triple of pattern.triples) for (const term of [triple.subject, triple.object]) visitTerm(term, bgp);
          break;
        case 'filter': case 'bind': case 'values': break;
        case 'union':
          for (const branch of pattern.patterns) visitGroup(branch.type === 'group' ? branch.patterns : [branch]);
          bgp = nextBgp++;
          break;
        case 'optional': case 'minus': case 'graph': case 'service': case 'group':
          visitGroup(pattern.patterns);
          bgp = nextBgp++;
          break;
        default: bgp = nextBgp++;
      }
    }
  };
  visitGroup(patterns);
}

function isSelectStar(ast: sparqljs.Query): boolean {
  return ast.queryType === 'SELECT' && ast.variables.some((v) => 'termType' in v && v.termType === 'Wildcard');
}

/** `SELECT *` lists the in-scope variables; sparqlalgebrajs sorts them, users expect them in the order written. */
function inTextOrder(variables: readonly string[], text: string): string[] {
  const position = (name: string) => {
    const match = new RegExp(`[?$]${name}(?![\\p{L}\\p{N}_\\u00B7\\u0300-\\u036F\\u203F-\\u2040])`, 'u').exec(text);
    return match ? match.index : Infinity;
  };
  return [...variables].sort((a, b) => position(a) - position(b));
}

function narrowQuery(op: Algebra.Operation, prefixes: ReadonlyMap<string, string>): Query {
  let from: Query['from'];
  if (op.type === Algebra.types.FROM) {
    from = { defaultGraphs: op.default, namedGraphs: op.named };
    op = op.input;
  }
  switch (op.type) {
    case Algebra.types.ASK:
      return { form: 'ASK', where: narrow(op.input), prefixes, from };
    case Algebra.types.CONSTRUCT:
      return { form: 'CONSTRUCT', where: narrow(op.input), template: op.template.map(templateTriple), prefixes, from };
    case Algebra.types.DESCRIBE:
      return { form: 'DESCRIBE', where: narrow(op.input), terms: op.terms, prefixes, from };
    default: {
      const where = narrow(op);
      const variables = where.type === 'project' || isModifierOverProject(where) ? projectedOf(where) : [];
      return { form: 'SELECT', where, variables, prefixes, from };
    }
  }
}

function isModifierOverProject(op: Operation): boolean {
  if (op.type === 'project') return true;
  if (op.type === 'slice' || op.type === 'distinct' || op.type === 'reduced') return isModifierOverProject(op.input);
  return false;
}

function projectedOf(op: Operation): readonly string[] {
  if (op.type === 'project') return op.variables;
  if (op.type === 'slice' || op.type === 'distinct' || op.type === 'reduced') return projectedOf(op.input);
  return [];
}

function templateTriple(q: Algebra.Pattern): TemplateTriple {
  const graph = q.graph.termType === 'DefaultGraph' ? undefined : (q.graph as PatternTerm);
  return { subject: q.subject as PatternTerm, predicate: q.predicate as PatternTerm, object: q.object as PatternTerm, graph };
}

/** A pattern position: a blank node becomes a `_:`-named variable (§4.1.4). */
function patternTerm(term: Term): PatternTerm {
  switch (term.termType) {
    case 'BlankNode': return df.variable!('_:' + term.value);
    case 'Variable': case 'NamedNode': case 'Literal': return term;
    default: throw new MalformedQueryError(`unsupported term in a pattern: ${term.termType}`);
  }
}

function triple(q: Algebra.Pattern): TriplePattern {
  if (q.graph.termType !== 'DefaultGraph') throw new MalformedQueryError('unexpected quad pattern');
  return { subject: patternTerm(q.subject), predicate: patternTerm(q.predicate), object: patternTerm(q.object) };
}

function narrow(op: Algebra.Operation): Operation {
  switch (op.type) {
    case Algebra.types.BGP: return { type: 'bgp', patterns: op.patterns.map(triple) };
    case Algebra.types.PATH:
      return { type: 'path', subject: patternTerm(op.subject), path: narrowPath(op.predicate), object: patternTerm(op.object) };
    case Algebra.types.JOIN: return { type: 'join', input: op.input.map(narrow) };
    case Algebra.types.LEFT_JOIN:
      return {
        type: 'leftjoin', left: narrow(op.input[0]), right: narrow(op.input[1]),
        expression: op.expression ? narrowExpression(op.expression) : undefined,
      };
    case Algebra.types.FILTER: return { type: 'filter', input: narrow(op.input), expression: narrowExpression(op.expression) };
    case Algebra.types.UNION: return { type: 'union', input: op.input.map(narrow) };
    case Algebra.types.GRAPH: return { type: 'graph', name: op.name, input: narrow(op.input) };
    case Algebra.types.EXTEND:
      return { type: 'extend', input: narrow(op.input), variable: op.variable.value, expression: narrowExpression(op.expression) };
    case Algebra.types.MINUS: return { type: 'minus', left: narrow(op.input[0]), right: narrow(op.input[1]) };
    case Algebra.types.VALUES: {
      const variables = op.variables.map((v) => v.value);
      const rows = op.bindings.map((b) => variables.map((v) => b['?' + v] as Term | undefined));
      return { type: 'values', variables, rows };
    }
    case Algebra.types.GROUP:
      return {
        type: 'group', input: narrow(op.input), variables: op.variables.map((v) => v.value),
        aggregates: op.aggregates.map(narrowAggregate),
      };
    case Algebra.types.ORDER_BY: return { type: 'orderby', input: narrow(op.input), conditions: op.expressions.map(orderCondition) };
    case Algebra.types.PROJECT: return { type: 'project', input: narrow(op.input), variables: op.variables.map((v) => v.value) };
    case Algebra.types.DISTINCT: return { type: 'distinct', input: narrow(op.input) };
    case Algebra.types.REDUCED: return { type: 'reduced', input: narrow(op.input) };
    case Algebra.types.SLICE: return { type: 'slice', input: narrow(op.input), start: op.start, length: op.length };
    case Algebra.types.SERVICE:
      return { type: 'service', name: op.name, silent: op.silent, input: narrow(op.input), text: serviceText(op.input) };
    case Algebra.types.NOP: return { type: 'bgp', patterns: [] };
    default: throw new MalformedQueryError(`unsupported algebra operator: ${op.type}`);
  }
}

/** The SERVICE block as a standalone query for the remote endpoint, projecting its in-scope variables. */
function serviceText(input: Algebra.Operation): string {
  return toSparql(new Factory().createProject(input, Util.inScopeVariables(input)));
}

function narrowPath(path: Algebra.PropertyPathSymbol): PropertyPath {
  switch (path.type) {
    case Algebra.types.LINK: return { type: 'link', iri: path.iri };
    case Algebra.types.INV: {
      const inner = path.path;
      // `^!(a)` arrives as inv(nps): an inverse negated set.
      if (inner.type === Algebra.types.NPS) return { type: 'nps', iris: [], inverse: inner.iris };
      return { type: 'inv', path: narrowPath(inner) };
    }
    case Algebra.types.SEQ: return { type: 'seq', input: path.input.map(narrowPath) };
    case Algebra.types.ALT: return narrowAlt(path.input.map(narrowPath));
    case Algebra.types.ZERO_OR_MORE_PATH: return { type: 'ZeroOrMorePath', path: narrowPath(path.path) };
    case Algebra.types.ONE_OR_MORE_PATH: return { type: 'OneOrMorePath', path: narrowPath(path.path) };
    case Algebra.types.ZERO_OR_ONE_PATH: return { type: 'ZeroOrOnePath', path: narrowPath(path.path) };
    case Algebra.types.NPS: return { type: 'nps', iris: path.iris, inverse: [] };
  }
}

/** `!(a|^b)` arrives as alt(nps(a), inv(nps(b))): merge it back into one negated set (§9.3 `NegatedPropertySet`). */
function narrowAlt(input: PropertyPath[]): PropertyPath {
  if (input.length > 1 && input.every((p) => p.type === 'nps')) {
    const sets = input as Extract<PropertyPath, { type: 'nps' }>[];
    return { type: 'nps', iris: sets.flatMap((s) => s.iris), inverse: sets.flatMap((s) => s.inverse) };
  }
  return { type: 'alt', input };
}

function orderCondition(expression: Algebra.Expression): OrderCondition {
  if (expression.expressionType === Algebra.expressionTypes.OPERATOR && expression.operator === 'desc') {
    return { expression: narrowExpression(expression.args[0]!), descending: true };
  }
  if (expression.expressionType === Algebra.expressionTypes.OPERATOR && expression.operator === 'asc') {
    return { expression: narrowExpression(expression.args[0]!), descending: false };
  }
  return { expression: narrowExpression(expression), descending: false };
}

function narrowAggregate(a: Algebra.BoundAggregate): Aggregate {
  const wildcard = a.expression.expressionType === Algebra.expressionTypes.WILDCARD;
  return {
    variable: a.variable.value,
    name: a.aggregator as AggregateName,
    distinct: a.distinct,
    expression: wildcard ? undefined : narrowExpression(a.expression),
    separator: a.aggregator === 'group_concat' ? ((a as Algebra.GroupConcatExpression).separator ?? ' ') : undefined,
  };
}

function narrowExpression(e: Algebra.Expression): Expression {
  switch (e.expressionType) {
    case Algebra.expressionTypes.TERM: {
      const term = e.term;
      if (term.termType === 'Variable') return { type: 'variable', name: term.value };
      if (term.termType === 'NamedNode' || term.termType === 'Literal' || term.termType === 'BlankNode') {
        return { type: 'term', term };
      }
      throw new MalformedQueryError(`unsupported term in an expression: ${term.termType}`);
    }
    case Algebra.expressionTypes.OPERATOR:
      return { type: 'call', name: e.operator.toLowerCase(), args: e.args.map(narrowExpression) };
    case Algebra.expressionTypes.NAMED:
      return { type: 'call', name: e.name.value, args: e.args.map(narrowExpression) };
    case Algebra.expressionTypes.EXISTENCE:
      return { type: 'exists', not: e.not, pattern: narrow(e.input) };
    case Algebra.expressionTypes.AGGREGATE:
      throw new MalformedQueryError('aggregate outside of a grouping');
    case Algebra.expressionTypes.WILDCARD:
      throw new MalformedQueryError('* is only allowed in COUNT(*)');
  }
}
