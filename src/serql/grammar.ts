/**
 * The SeRQL grammar (spec §4.3 `queryLn=serql`; Sesame's `serql.jjt`, RDF4J
 * 3.7.x) as a recursive-descent parser: one method per production, named after
 * it, each reading the tokens its production spans and returning its node of
 * `ast.ts`. A token the production cannot take is a `MalformedQueryError`
 * naming its line and column and what was expected there.
 */
import type {
  BNode, BooleanExpr, CompOp, ConstructQuery, From, Literal, NamespaceDecl, NodeElem, NodeSet, OrderExpr, ParseUnit,
  PathExpr, PathTail, ProjectionElem, QuerySet, QueryTail, ReifiedStat, SelectQuery, Uri, Value, ValueExpr,
  ValueFunctionName, ValueOrNull, Var,
} from './ast.ts';
import { syntaxError, tokenize, type Position, type Token } from './lexer.ts';

/** Parses a whole SeRQL query into its syntax tree. */
export function parseSerqlSyntax(text: string): ParseUnit {
  return new Grammar(tokenize(text)).parseUnit();
}

const COMP_OPS: ReadonlySet<string> = new Set(['=', '!=', '<', '<=', '>', '>=']);
const VALUE_FUNCTIONS: ReadonlySet<string> = new Set(['datatype', 'lang', 'label', 'namespace', 'localname']);
const TESTS = ['bound', 'isresource', 'isuri', 'isbnode', 'isliteral'] as const;

/** A token's place, without the token. */
const pos = (token: Position): Position => ({ line: token.line, column: token.column });

class Grammar {
  readonly #tokens: readonly Token[];
  #index = 0;

  constructor(tokens: readonly Token[]) {
    this.#tokens = tokens;
  }

  // Token access.

  #peek(ahead = 0): Token {
    return this.#tokens[Math.min(this.#index + ahead, this.#tokens.length - 1)]!;
  }

  #next(): Token {
    const token = this.#peek();
    if (token.kind !== 'eof') this.#index++;
    return token;
  }

  #is(kind: Token['kind'], value?: string, ahead = 0): boolean {
    const token = this.#peek(ahead);
    return token.kind === kind && (value === undefined || token.value === value);
  }

  #keyword(word: string, ahead = 0): boolean {
    return this.#is('keyword', word, ahead);
  }

  #punct(symbol: string, ahead = 0): boolean {
    return this.#is('punct', symbol, ahead);
  }

  #accept(kind: 'keyword' | 'punct', value: string): boolean {
    if (!this.#is(kind, value)) return false;
    this.#index++;
    return true;
  }

  #expect(kind: 'keyword' | 'punct', value: string): Token {
    if (!this.#is(kind, value)) this.#fail(`"${value}"`);
    return this.#next();
  }

  /** How far ahead the first token after a run of "(" is: queries and paths may open with any number of them. */
  #afterParens(ahead = 0): number {
    while (this.#punct('(', ahead)) ahead++;
    return ahead;
  }

  #fail(expected: string): never {
    const token = this.#peek();
    return syntaxError(token, `expected ${expected} but found ${token.kind === 'eof' ? 'end of query' : `"${token.text}"`}`);
  }

  // ParseUnit ::= Query [NamespaceDeclList] <EOF>

  parseUnit(): ParseUnit {
    const query = this.query();
    const namespaces = this.#keyword('using') ? this.namespaceDeclList() : [];
    if (!this.#is('eof')) this.#fail(namespaces.length > 0 ? '"," or end of query' : '"using namespace" or end of query');
    return { query, namespaces };
  }

  namespaceDeclList(): NamespaceDecl[] {
    this.#expect('keyword', 'using');
    this.#expect('keyword', 'namespace');
    const list = [this.namespaceDecl()];
    while (this.#accept('punct', ',')) list.push(this.namespaceDecl());
    return list;
  }

  namespaceDecl(): NamespaceDecl {
    const prefix = this.#peek();
    if (prefix.kind !== 'name') this.#fail('a namespace prefix');
    this.#next();
    this.#expect('punct', '=');
    const uri = this.#next();
    if (uri.kind !== 'uri') syntaxError(uri, `expected a namespace URI in angle brackets but found "${uri.text}"`);
    return { prefix: prefix.value, uri: uri.value, at: pos(prefix) };
  }

  // Query ::= TupleQuerySet | GraphQuerySet, told apart by the first keyword after any "(".

  query(): QuerySet<SelectQuery> | QuerySet<ConstructQuery> {
    const ahead = this.#afterParens();
    if (this.#keyword('select', ahead)) return this.tupleQuerySet();
    if (this.#keyword('construct', ahead)) return this.graphQuerySet();
    this.#index += ahead;
    return this.#fail('"select" or "construct"');
  }

  tupleQuerySet(): QuerySet<SelectQuery> {
    return this.#querySet(() => this.selectQuery());
  }

  graphQuerySet(): QuerySet<ConstructQuery> {
    return this.#querySet(() => this.constructQuery());
  }

  /** `QuerySet ::= Query [("union" ["all"] | "minus" | "intersect") QuerySet]`, `Query ::= "(" QuerySet ")" | leaf`. */
  #querySet<Q>(leaf: () => Q): QuerySet<Q> {
    let left: QuerySet<Q>;
    if (this.#accept('punct', '(')) {
      left = this.#querySet(leaf);
      this.#expect('punct', ')');
    } else {
      left = leaf();
    }
    const at = pos(this.#peek());
    const operator = (['union', 'minus', 'intersect'] as const).find((op) => this.#keyword(op));
    if (!operator) return left;
    this.#next();
    const all = operator === 'union' && this.#accept('keyword', 'all');
    return { type: 'set', operator, all, left, right: this.#querySet(leaf), at };
  }

  // SelectQuery ::= "select" ["distinct"|"reduced"] ("*" | [ProjectionElem ("," ProjectionElem)*]) [QueryTail]

  selectQuery(): SelectQuery {
    const at = pos(this.#expect('keyword', 'select'));
    const modifier = this.#modifier();
    let projection: SelectQuery['projection'];
    if (this.#accept('punct', '*')) {
      projection = '*';
    } else {
      const elements: ProjectionElem[] = [];
      if (this.#startsValueExpr()) {
        elements.push(this.projectionElem());
        while (this.#accept('punct', ',')) elements.push(this.projectionElem());
      }
      projection = elements;
    }
    return { type: 'select', modifier, projection, at, ...this.queryTail() };
  }

  #modifier(): 'distinct' | 'reduced' | undefined {
    if (this.#accept('keyword', 'distinct')) return 'distinct';
    if (this.#accept('keyword', 'reduced')) return 'reduced';
    return undefined;
  }

  projectionElem(): ProjectionElem {
    const at = pos(this.#peek());
    const value = this.valueExprOrNull();
    if (value.type === 'null') syntaxError(at, '"null" cannot be projected');
    if (!this.#accept('keyword', 'as')) return { value, at };
    const alias = this.#next();
    if (alias.kind !== 'string' && alias.kind !== 'name') syntaxError(alias, `expected an alias name after "as" but found "${alias.text}"`);
    return { value, alias: alias.value, at };
  }

  // ConstructQuery ::= "construct" ["distinct"|"reduced"] ("*" | PathExprList) [QueryTail]

  constructQuery(): ConstructQuery {
    const at = pos(this.#expect('keyword', 'construct'));
    const modifier = this.#modifier();
    const template = this.#accept('punct', '*') ? '*' : this.pathExprList();
    return { type: 'construct', modifier, template, at, ...this.queryTail() };
  }

  /** `QueryBody [OrderBy] [Limit] [Offset]`, all absent together when no "from" follows. */
  queryTail(): QueryTail {
    if (!this.#keyword('from')) return { orderBy: [] };
    const from: From[] = [];
    while (this.#keyword('from')) from.push(this.from());
    const where = this.#accept('keyword', 'where') ? this.booleanExpr() : undefined;
    const orderBy = this.#keyword('order') ? this.orderBy() : [];
    const limit = this.#accept('keyword', 'limit') ? this.posInteger() : undefined;
    const offset = this.#accept('keyword', 'offset') ? this.posInteger() : undefined;
    return { body: { from, where }, orderBy, limit, offset };
  }

  from(): From {
    this.#expect('keyword', 'from');
    const context = this.#accept('keyword', 'context') ? this.contextID() : undefined;
    return { context, paths: this.pathExprList() };
  }

  contextID(): Var | Uri | BNode {
    const token = this.#peek();
    if (token.kind === 'name') return this.var();
    if (token.kind === 'uri' || token.kind === 'qname') return this.uri();
    if (token.kind === 'bnode') return this.bnode();
    return this.#fail('a context variable, URI or blank node');
  }

  orderBy(): OrderExpr[] {
    this.#expect('keyword', 'order');
    this.#expect('keyword', 'by');
    const list = [this.orderExpr()];
    while (this.#accept('punct', ',')) list.push(this.orderExpr());
    return list;
  }

  orderExpr(): OrderExpr {
    const value = this.valueExpr();
    if (this.#accept('keyword', 'desc')) return { value, descending: true };
    this.#accept('keyword', 'asc');
    return { value, descending: false };
  }

  posInteger(): number {
    const token = this.#peek();
    if (token.kind !== 'integer' || token.value.startsWith('-')) this.#fail('a non-negative integer');
    this.#next();
    return Number(token.value);
  }

  // Path expressions.

  pathExprList(): PathExpr[] {
    const list = [this.unionPathExpr()];
    while (this.#accept('punct', ',')) list.push(this.unionPathExpr());
    return list;
  }

  /** `PathExpr ("union" PathExpr)*`, where "union" counts only when a path (not a query) follows it. */
  unionPathExpr(): PathExpr {
    const alternatives = [this.pathExpr()];
    while (this.#keyword('union') && this.#pathFollows(1)) {
      this.#next();
      alternatives.push(this.pathExpr());
    }
    return alternatives.length === 1 ? alternatives[0]! : { type: 'union', alternatives };
  }

  #pathFollows(start: number): boolean {
    const ahead = this.#afterParens(start);
    return this.#punct('{', ahead) || this.#punct('[', ahead);
  }

  pathExpr(): PathExpr {
    if (this.#punct('[')) return this.optPathExpr();
    if (this.#accept('punct', '(')) {
      const paths = this.pathExprList();
      this.#expect('punct', ')');
      return { type: 'group', paths };
    }
    return this.basicPathExpr();
  }

  basicPathExpr(): PathExpr {
    if (!this.#punct('{')) this.#fail('a path expression starting with "{"');
    const head = this.node();
    return { type: 'basic', head, tail: this.basicPathExprTail() };
  }

  optPathExpr(): PathExpr {
    this.#expect('punct', '[');
    const paths = this.pathExprList();
    const where = this.#accept('keyword', 'where') ? this.booleanExpr() : undefined;
    this.#expect('punct', ']');
    return { type: 'optional', paths, where };
  }

  pathExprTail(): PathTail {
    return this.#punct('[') ? this.optPathExprTail() : this.basicPathExprTail();
  }

  /** `Edge Node [";" PathExprTail | PathExprTail]`. */
  basicPathExprTail(): PathTail {
    const edge = this.edge();
    const node = this.node();
    if (this.#accept('punct', ';')) return { type: 'edge', edge, node, next: { branch: true, tail: this.pathExprTail() } };
    if (this.#startsEdge() || this.#punct('[')) return { type: 'edge', edge, node, next: { branch: false, tail: this.pathExprTail() } };
    return { type: 'edge', edge, node };
  }

  /** `"[" BasicPathExprTail ["where" BooleanExpr] "]" [";" PathExprTail]`. */
  optPathExprTail(): PathTail {
    this.#expect('punct', '[');
    const tail = this.basicPathExprTail();
    const where = this.#accept('keyword', 'where') ? this.booleanExpr() : undefined;
    this.#expect('punct', ']');
    const next = this.#accept('punct', ';') ? { branch: true, tail: this.pathExprTail() } : undefined;
    return { type: 'optional', tail, where, next };
  }

  #startsEdge(): boolean {
    const kind = this.#peek().kind;
    return kind === 'name' || kind === 'uri' || kind === 'qname';
  }

  edge(): Var | Uri {
    if (this.#is('name')) return this.var();
    if (this.#is('uri') || this.#is('qname')) return this.uri();
    return this.#fail('an edge (a variable or URI)');
  }

  node(): NodeSet {
    const at = pos(this.#expect('punct', '{'));
    const elements: NodeElem[] = [];
    if (!this.#punct('}')) {
      elements.push(this.nodeElem());
      while (this.#accept('punct', ',')) elements.push(this.nodeElem());
    }
    this.#expect('punct', '}');
    return { elements, at };
  }

  nodeElem(): NodeElem {
    if (this.#punct('{')) return this.reifiedStat();
    if (this.#is('name')) return this.var();
    return this.value();
  }

  reifiedStat(): ReifiedStat {
    const at = pos(this.#expect('punct', '{'));
    const subject = this.#punct('}') ? undefined : this.nodeElem();
    this.#expect('punct', '}');
    const predicate = this.edge();
    this.#expect('punct', '{');
    const object = this.#punct('}') ? undefined : this.nodeElem();
    this.#expect('punct', '}');
    return { type: 'reified', subject, predicate, object, at };
  }

  // Boolean expressions: Or ::= And ("or" And)*, And ::= BooleanElem ("and" BooleanElem)*.

  booleanExpr(): BooleanExpr {
    const args = [this.and()];
    while (this.#accept('keyword', 'or')) args.push(this.and());
    return args.length === 1 ? args[0]! : { type: 'or', args };
  }

  and(): BooleanExpr {
    const args = [this.booleanElem()];
    while (this.#accept('keyword', 'and')) args.push(this.booleanElem());
    return args.length === 1 ? args[0]! : { type: 'and', args };
  }

  booleanElem(): BooleanExpr {
    if (this.#accept('punct', '(')) {
      const expr = this.booleanExpr();
      this.#expect('punct', ')');
      return expr;
    }
    if (this.#accept('keyword', 'true')) return { type: 'constant', value: true };
    if (this.#accept('keyword', 'false')) return { type: 'constant', value: false };
    if (this.#accept('keyword', 'not')) return { type: 'not', arg: this.booleanElem() };
    const test = TESTS.find((name) => this.#keyword(name));
    if (test) {
      this.#next();
      return { type: 'test', name: test, arg: this.#parenthesised(() => this.var()) };
    }
    if (this.#accept('keyword', 'sameterm')) return { type: 'sameterm', args: this.#arguments(2, 2) };
    if (this.#accept('keyword', 'langmatches')) return { type: 'langmatches', args: this.#arguments(2, 2) };
    if (this.#accept('keyword', 'regex')) return { type: 'regex', args: this.#arguments(2, 3) };
    if (this.#accept('keyword', 'exists')) return { type: 'exists', query: this.#parenthesised(() => this.tupleQuerySet()) };
    if (!this.#startsValueExpr()) this.#fail('a boolean expression');
    return this.booleanValueOp();
  }

  /** A value followed by a comparison (to a value, or to `any`/`all` of a subquery), `like`, or `in`. */
  booleanValueOp(): BooleanExpr {
    const left = this.valueExprOrNull();
    const token = this.#peek();
    if (token.kind === 'punct' && COMP_OPS.has(token.value)) {
      this.#next();
      const op = token.value as CompOp;
      if (this.#accept('keyword', 'any')) return { type: 'quantified', op, quantifier: 'any', left, query: this.#parenthesised(() => this.tupleQuerySet()) };
      if (this.#accept('keyword', 'all')) return { type: 'quantified', op, quantifier: 'all', left, query: this.#parenthesised(() => this.tupleQuerySet()) };
      return { type: 'compare', op, left, right: this.valueExprOrNull(), at: pos(token) };
    }
    if (this.#accept('keyword', 'like')) {
      const pattern = this.#peek();
      if (pattern.kind !== 'string' || pattern.language || pattern.datatype) this.#fail('a pattern string after "like"');
      this.#next();
      const ignoreCase = this.#accept('keyword', 'ignore');
      if (ignoreCase) this.#expect('keyword', 'case');
      return { type: 'like', value: left, pattern: pattern.value, ignoreCase };
    }
    if (this.#accept('keyword', 'in')) {
      this.#expect('punct', '(');
      const result: BooleanExpr = this.#keyword('select', this.#afterParens())
        ? { type: 'in', value: left, query: this.tupleQuerySet() }
        : { type: 'inList', value: left, list: this.argList() };
      this.#expect('punct', ')');
      return result;
    }
    return this.#fail('a comparison operator, "like" or "in"');
  }

  #parenthesised<T>(inner: () => T): T {
    this.#expect('punct', '(');
    const result = inner();
    this.#expect('punct', ')');
    return result;
  }

  #arguments(min: number, max: number): ValueExpr[] {
    return this.#parenthesised(() => {
      const args = this.argList();
      if (args.length < min || args.length > max) {
        const count = min === max ? `${min}` : `${min} or ${max}`;
        syntaxError(this.#peek(), `expected ${count} arguments but found ${args.length}`);
      }
      return args;
    });
  }

  argList(): ValueExpr[] {
    const args = [this.valueExpr()];
    while (this.#accept('punct', ',')) args.push(this.valueExpr());
    return args;
  }

  // Value expressions.

  #startsValueExpr(): boolean {
    const token = this.#peek();
    switch (token.kind) {
      case 'name': case 'uri': case 'qname': case 'bnode': case 'string': case 'integer': case 'decimal': return true;
      case 'keyword': return VALUE_FUNCTIONS.has(token.value) || token.value === 'str' || token.value === 'null';
      default: return false;
    }
  }

  valueExprOrNull(): ValueOrNull {
    const token = this.#peek();
    if (this.#accept('keyword', 'null')) return { type: 'null', at: pos(token) };
    return this.valueExpr();
  }

  valueExpr(): ValueExpr {
    const token = this.#peek();
    if (token.kind === 'name') return this.var();
    if (token.kind === 'keyword' && VALUE_FUNCTIONS.has(token.value)) {
      this.#next();
      return { type: 'function', name: token.value as ValueFunctionName, arg: this.#parenthesised(() => this.var()) };
    }
    if (this.#accept('keyword', 'str')) return { type: 'function', name: 'str', arg: this.#parenthesised(() => this.valueExpr()) };
    if ((token.kind === 'uri' || token.kind === 'qname') && this.#punct('(', 1)) return this.functionCall();
    if (!this.#startsValueExpr()) this.#fail('a value (variable, URI, literal or function)');
    return this.value();
  }

  functionCall(): ValueExpr {
    const fn = this.uri();
    const args = this.#parenthesised(() => (this.#punct(')') ? [] : this.argList()));
    return { type: 'call', function: fn, args };
  }

  var(): Var {
    const token = this.#peek();
    if (token.kind !== 'name') this.#fail(token.kind === 'keyword' ? `a variable ("${token.text}" is a keyword)` : 'a variable');
    this.#next();
    return { type: 'var', name: token.value, at: pos(token) };
  }

  value(): Value {
    const token = this.#peek();
    switch (token.kind) {
      case 'uri': case 'qname': return this.uri();
      case 'bnode': return this.bnode();
      case 'string': case 'integer': case 'decimal': return this.literal();
      default: return this.#fail('a URI, blank node or literal');
    }
  }

  uri(): Uri {
    const token = this.#next();
    if (token.kind === 'uri') return { type: 'uri', value: token.value, at: pos(token) };
    if (token.kind === 'qname') return { type: 'qname', value: token.value, at: pos(token) };
    return syntaxError(token, `expected a URI but found "${token.text}"`);
  }

  bnode(): BNode {
    const token = this.#next();
    return { type: 'bnode', id: token.value, at: pos(token) };
  }

  /** Strings, language-tagged and typed strings; integers are xsd:integer and decimals xsd:decimal. */
  literal(): Literal {
    const token = this.#next();
    const at = pos(token);
    if (token.kind === 'integer' || token.kind === 'decimal') {
      const datatype: Uri = { type: 'uri', value: `http://www.w3.org/2001/XMLSchema#${token.kind}`, at };
      return { type: 'literal', label: token.value, datatype, at };
    }
    const datatype: Uri | undefined = token.datatype && { type: token.datatype.kind, value: token.datatype.value, at };
    return { type: 'literal', label: token.value, language: token.language, datatype, at };
  }
}
