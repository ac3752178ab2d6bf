/**
 * SeRQL queries (spec §4.3 `queryLn=serql`) translated into the engine's
 * algebra (SPARQL 1.1 Query §18.2), following the query model Sesame built
 * for them: the body's graph pattern, then ORDER BY, then the projection
 * (computed elements as Extend), DISTINCT/REDUCED, then LIMIT/OFFSET. Tuple
 * queries combine with UNION (distinct unless ALL), MINUS and INTERSECT.
 * README.md lists where SeRQL's meaning differs from SPARQL's and how each
 * difference is expressed.
 */
import { df, type BlankNode, type NamedNode, type Variable } from '../rdf/terms.ts';
import type { Expression, Operation, OrderCondition, PatternTerm, Query, TemplateTriple } from '../sparql/algebra.ts';
import { QueryEvaluationError } from '../sparql/api.ts';
import type {
  BNode, ConstructQuery, GraphQuerySet, OrderExpr, ParseUnit, PathExpr, QueryTail, SelectQuery, TupleQuerySet,
  Uri, ValueExpr, Var,
} from './ast.ts';
import { booleanExpression, call, valueExpression, variable, type SubqueryBranch } from './expressions.ts';
import { BodyRecord, GraphPattern, pathExpr, patternVariable, variableTerm, type PatternScope } from './graphPattern.ts';
import { unionOfGraphs, type GraphBranch } from './graphUnion.ts';
import { syntaxError } from './lexer.ts';
import { Namespaces } from './namespaces.ts';

/** Anonymous variables (`{}`, reified statement ids) start with `_:`, which no SeRQL variable can. */
const ANONYMOUS = '_:';

export function translate(unit: ParseUnit, base?: string): Query {
  return new Translator(new Namespaces(unit.namespaces)).query(unit.query, base);
}

interface Tuples {
  readonly op: Operation;
  readonly variables: readonly string[];
}

class Translator implements PatternScope {
  #anonymous = 0;

  constructor(readonly namespaces: Namespaces) {}

  anonymous(): Variable {
    return variableTerm(`${ANONYMOUS}${++this.#anonymous}`);
  }

  query(query: TupleQuerySet | GraphQuerySet, base: string | undefined): Query {
    const prefixes = this.namespaces.prefixes;
    if (isTupleQuerySet(query)) {
      const { op, variables } = this.tupleQuerySet(query);
      return { form: 'SELECT', where: op, variables, prefixes, base };
    }
    const { where, template } = unionOfGraphs(this.graphUnionBranches(query));
    return { form: 'CONSTRUCT', where, template: [...template], prefixes, base };
  }

  /** The CONSTRUCT queries a graph query unites; MINUS and INTERSECT of statements have no algebra form here. */
  graphUnionBranches(query: GraphQuerySet): GraphBranch[] {
    if (query.type === 'construct') return [this.constructQuery(query)];
    if (query.operator !== 'union') throw new QueryEvaluationError(`SeRQL ${query.operator} between CONSTRUCT queries is not supported`);
    return [...this.graphUnionBranches(query.left), ...this.graphUnionBranches(query.right)];
  }

  tupleQuerySet(query: TupleQuerySet): Tuples {
    if (query.type === 'select') return this.selectQuery(query);
    const left = this.tupleQuerySet(query.left);
    const right = this.tupleQuerySet(query.right);
    switch (query.operator) {
      case 'union': {
        const op: Operation = { type: 'union', input: [left.op, right.op] };
        return { op: query.all ? op : { type: 'distinct', input: op }, variables: [...new Set([...left.variables, ...right.variables])] };
      }
      case 'minus': return { op: { type: 'minus', left: left.op, right: right.op }, variables: left.variables };
      // The left rows that some right row agrees with, on the columns both have: a join with the right's distinct keys.
      case 'intersect': {
        const shared = left.variables.filter((v) => right.variables.includes(v));
        const projected: Operation = shared.length === right.variables.length ? right.op : { type: 'project', input: right.op, variables: shared };
        const keys: Operation = { type: 'distinct', input: projected };
        return { op: { type: 'project', input: { type: 'join', input: [left.op, keys] }, variables: left.variables }, variables: left.variables };
      }
    }
  }

  selectQuery(query: SelectQuery): Tuples {
    const { op: body, record } = this.#body(query);
    let op = this.#ordered(body, query.orderBy);
    const { extensions, variables } = this.#projection(query, record);
    op = { type: 'project', input: extended(op, extensions, record.variables, variables), variables };
    if (query.modifier) op = { type: query.modifier, input: op };
    return { op: sliced(op, query), variables };
  }

  /**
   * CONSTRUCT: the template is the listed path expressions, whose anonymous
   * nodes become fresh blank nodes per solution, or with `*` the body's own
   * statement patterns.
   */
  constructQuery(query: ConstructQuery): { where: Operation; template: TemplateTriple[] } {
    const { op, record } = this.#body(query);
    const template = query.template === '*' ? [...record.statements] : this.#template(query.template);
    return { where: sliced(this.#ordered(op, query.orderBy), query), template };
  }

  /**
   * A subquery in WHERE (exists, in, any, all) as patterns evaluated with the
   * outer row, since SeRQL subqueries see the outer query's variables: a
   * SELECT contributes its body unprojected, a UNION both sides; MINUS and
   * INTERSECT are evaluated on their own.
   */
  subquery(query: TupleQuerySet): readonly SubqueryBranch[] {
    if (query.type === 'select') {
      const { op, record } = this.#body(query);
      const pattern = query.limit !== undefined || query.offset ? sliced(this.#ordered(op, query.orderBy), query) : op;
      const first = query.projection === '*' ? [...record.variables][0] : query.projection[0]?.value;
      return [{ pattern, value: typeof first === 'string' ? variable(first) : first && valueExpression(first, this) }];
    }
    if (query.operator === 'union') return [...this.subquery(query.left), ...this.subquery(query.right)];
    const { op, variables } = this.tupleQuerySet(query);
    return [{ pattern: op, value: variables[0] === undefined ? undefined : variable(variables[0]) }];
  }

  /** The FROM clauses (each setting the context of its path expressions) and WHERE, as one graph pattern. */
  #body(query: QueryTail): { op: Operation; record: BodyRecord } {
    const record = new BodyRecord();
    if (!query.body) return { op: { type: 'bgp', patterns: [] }, record };
    const gp = new GraphPattern(record);
    for (const from of query.body.from) {
      gp.context = this.#context(from.context, gp);
      for (const path of from.paths) pathExpr(path, gp, this);
    }
    if (query.body.where) gp.addConstraint(booleanExpression(query.body.where, this));
    return { op: gp.build(), record };
  }

  /** `FROM CONTEXT id`: a variable or URI names the graph; a blank node id is a variable constrained to it. */
  #context(id: Var | Uri | BNode | undefined, gp: GraphPattern): Variable | NamedNode | undefined {
    if (!id) return undefined;
    if (id.type === 'var') return patternVariable(id, gp);
    if (id.type !== 'bnode') return this.namespaces.iri(id);
    const name = this.anonymous();
    gp.addConstraint(call('sameterm', variable(name.value), { type: 'term', term: df.blankNode(id.id) }));
    return name;
  }

  #ordered(op: Operation, orderBy: readonly OrderExpr[]): Operation {
    if (orderBy.length === 0) return op;
    const conditions: OrderCondition[] = orderBy.map((o) => ({ expression: valueExpression(o.value, this), descending: o.descending }));
    return { type: 'orderby', input: op, conditions };
  }

  /**
   * The projected names: a variable keeps its name, an alias names its
   * element, and other elements are called `_1`, `_2`, … (skipping names in
   * use). Names must be unique, and every variable projected must occur in FROM.
   */
  #projection(query: SelectQuery, record: BodyRecord): { extensions: [string, Expression][]; variables: string[] } {
    if (query.projection === '*') return { extensions: [], variables: [...record.variables] };
    const names = query.projection.map((elem) => elem.alias ?? (elem.value.type === 'var' ? elem.value.name : undefined));
    const taken = new Set<string>();
    query.projection.forEach((elem, i) => {
      const unbound = [...valueVariables(elem.value)].filter((v) => !record.variables.has(v));
      if (unbound.length > 0) syntaxError(elem.at, `unbound variable(s) in projection: ${unbound.join(', ')}`);
      const name = names[i];
      if (name === undefined) return;
      if (taken.has(name)) syntaxError(elem.at, `duplicate projection element name "${name}"`);
      taken.add(name);
    });
    let next = 1;
    const extensions: [string, Expression][] = [];
    const variables = query.projection.map((elem, i) => {
      let name = names[i];
      if (name === undefined) {
        while (taken.has(`_${next}`)) next++;
        name = `_${next++}`;
      }
      if (elem.value.type !== 'var' || name !== elem.value.name) extensions.push([name, valueExpression(elem.value, this)]);
      return name;
    });
    return { extensions, variables };
  }

  /** An explicit CONSTRUCT template: its path expressions' statements, anonymous variables as fresh blank nodes. */
  #template(paths: readonly PathExpr[]): TemplateTriple[] {
    const gp = new GraphPattern(new BodyRecord());
    for (const path of paths) pathExpr(path, gp, this);
    const fresh = (term: PatternTerm): PatternTerm => (isAnonymous(term) ? blank(term as Variable) : term);
    return gp.record.statements.map((s) => ({ subject: fresh(s.subject), predicate: fresh(s.predicate), object: fresh(s.object) }));
  }
}

/**
 * The projection's computed elements as Extend. An alias may reuse the name of
 * a body variable (`SELECT X AS Y, Y AS X`): then the values are first
 * computed into fresh names and projected alone, so the aliases bind afresh.
 */
function extended(op: Operation, extensions: readonly [string, Expression][], bodyVariables: ReadonlySet<string>, projected: readonly string[]): Operation {
  const extend = (input: Operation, [variable, expression]: [string, Expression]): Operation => ({ type: 'extend', input, variable, expression });
  if (!extensions.some(([name]) => bodyVariables.has(name))) return extensions.reduce(extend, op);
  const temporary = extensions.map(([name, expression], i): [string, Expression, string] => [`${ANONYMOUS}as${i + 1}`, expression, name]);
  const computed = new Set(extensions.map(([name]) => name));
  const passed = projected.filter((name) => !computed.has(name));
  const inner: Operation = { type: 'project', input: temporary.reduce<Operation>((input, [tmp, e]) => extend(input, [tmp, e]), op), variables: [...passed, ...temporary.map(([tmp]) => tmp)] };
  return temporary.reduce<Operation>((input, [tmp, , name]) => extend(input, [name, variable(tmp)]), inner);
}

function isAnonymous(term: PatternTerm): boolean {
  return term.termType === 'Variable' && term.value.startsWith(ANONYMOUS);
}

const blank = (v: Variable): BlankNode => df.blankNode(v.value.slice(ANONYMOUS.length));

function sliced(op: Operation, query: QueryTail): Operation {
  if ((query.offset ?? 0) < 1 && query.limit === undefined) return op;
  return { type: 'slice', input: op, start: query.offset ?? 0, length: query.limit };
}

/** The grammar keeps the two kinds apart: a set's queries are all SELECT or all CONSTRUCT. */
function isTupleQuerySet(query: TupleQuerySet | GraphQuerySet): query is TupleQuerySet {
  return query.type === 'set' ? isTupleQuerySet(query.left) : query.type === 'select';
}

function valueVariables(value: ValueExpr, into = new Set<string>()): Set<string> {
  switch (value.type) {
    case 'var': into.add(value.name); break;
    case 'function': valueVariables(value.arg, into); break;
    case 'call': for (const arg of value.args) valueVariables(arg, into); break;
    default: break;
  }
  return into;
}
