/**
 * Expected and actual results of SPARQL query-evaluation tests, and their
 * comparison (w3c-suites.md §4.3): solution sequences as multisets up to one
 * consistent blank-node bijection over the whole result, ordered when the
 * query has ORDER BY; `mf:LaxCardinality` for REDUCED; booleans; graphs by
 * isomorphism. Expected results are read with OUR result parsers
 * (`src/formats/registry.ts`); RDF-encoded result sets (`rs:`) are converted.
 */
import { booleanFormatFor, tupleFormatFor } from '../../src/formats/registry.ts';
import { termKey, type Quad, type Term } from '../../src/rdf/terms.ts';
import type { QueryResult } from '../../src/sparql/api.ts';
import { assertIsomorphic } from '../runner/compare-quads.ts';
import type { RunContext } from '../runner/context.ts';
import { parseFile } from '../runner/rdf-input.ts';
import { TestFailure } from '../runner/registry.ts';

const RS = 'http://www.w3.org/2001/sw/DataAccess/tests/result-set#';
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';

/** One solution: variable name → term; unbound variables are absent. */
export type Bindings = ReadonlyMap<string, Term>;

export type Results =
  | { readonly kind: 'bindings'; readonly variables: readonly string[]; readonly solutions: readonly Bindings[]; readonly indexed?: boolean }
  | { readonly kind: 'boolean'; readonly value: boolean }
  | { readonly kind: 'quads'; readonly quads: readonly Quad[] };

/** Drains an engine result into memory. */
export async function collect(result: QueryResult): Promise<Results> {
  if (result.kind === 'boolean') return result;
  if (result.kind === 'quads') {
    const quads: Quad[] = [];
    for await (const batch of result.quads) quads.push(...batch);
    return { kind: 'quads', quads };
  }
  const solutions: Bindings[] = [];
  for await (const batch of result.solutions) {
    for (const values of batch) {
      const solution = new Map<string, Term>();
      values.forEach((term, i) => {
        if (term !== undefined) solution.set(result.variables[i]!, term);
      });
      solutions.push(solution);
    }
  }
  return { kind: 'bindings', variables: result.variables, solutions };
}

/** Reads an expected-results file by its extension. */
export async function readExpected(iri: string, ctx: RunContext): Promise<Results> {
  const extension = iri.slice(iri.lastIndexOf('.') + 1).toLowerCase();
  if (extension === 'ttl' || extension === 'rdf' || extension === 'nt') {
    return fromGraph(await parseFile(ctx.files.pathOf(iri), iri));
  }
  const text = await ctx.files.readText(iri);
  if ((extension === 'srx' && /<boolean>/.test(text)) || (extension === 'srj' && /"boolean"\s*:/.test(text))) {
    const format = booleanFormatFor(extension);
    if (!format?.parse) throw new TestFailure(`no boolean results parser for .${extension}`);
    return { kind: 'boolean', value: await format.parse([text]) };
  }
  const format = tupleFormatFor(extension);
  if (!format?.parse) throw new TestFailure(`no tuple results parser for .${extension}`);
  let variables: readonly string[] = [];
  const solutions: Bindings[] = [];
  await format.parse([text], {
    variables: (names) => void (variables = names),
    solution: (values) => {
      const solution = new Map<string, Term>();
      values.forEach((term, i) => {
        if (term !== undefined) solution.set(variables[i]!, term);
      });
      solutions.push(solution);
    },
  });
  return { kind: 'bindings', variables, solutions };
}

/** A graph that is an `rs:ResultSet` becomes solutions (ordered by `rs:index` if given); any other graph stays a graph. */
function fromGraph(quads: readonly Quad[]): Results {
  const bySubject = new Map<string, Quad[]>();
  for (const q of quads) {
    const key = termKey(q.subject);
    const list = bySubject.get(key);
    if (list) list.push(q);
    else bySubject.set(key, [q]);
  }
  const objects = (subject: Term, predicate: string) =>
    (bySubject.get(termKey(subject)) ?? []).filter((q) => q.predicate.value === predicate).map((q) => q.object);
  const set = quads.find((q) => q.predicate.value === RDF_TYPE && q.object.value === RS + 'ResultSet')?.subject;
  if (!set) return { kind: 'quads', quads };
  const boolean = objects(set, RS + 'boolean')[0];
  if (boolean) return { kind: 'boolean', value: boolean.value === 'true' };
  const variables = objects(set, RS + 'resultVariable').map((v) => v.value);
  let indexed = false;
  const solutions = objects(set, RS + 'solution').map((node) => {
    const index = objects(node, RS + 'index')[0];
    if (index) indexed = true;
    const solution = new Map<string, Term>();
    for (const binding of objects(node, RS + 'binding')) {
      const variable = objects(binding, RS + 'variable')[0];
      const value = objects(binding, RS + 'value')[0];
      if (variable && value) solution.set(variable.value, value);
    }
    return { solution, index: index ? Number(index.value) : 0 };
  });
  if (indexed) solutions.sort((a, b) => a.index - b.index);
  return { kind: 'bindings', variables, solutions: solutions.map((s) => s.solution), indexed };
}

export interface CompareOptions {
  readonly ordered: boolean;
  readonly lax: boolean;
}

/** Throws `TestFailure` with a readable diff unless `actual` matches `expected`. */
export function assertResults(expected: Results, actual: Results, options: CompareOptions): void {
  if (expected.kind === 'boolean' || actual.kind === 'boolean') {
    if (expected.kind !== actual.kind || (expected.kind === 'boolean' && actual.kind === 'boolean' && expected.value !== actual.value)) {
      throw new TestFailure(`expected ${describe(expected)}, got ${describe(actual)}`);
    }
    return;
  }
  if (expected.kind === 'quads' || actual.kind === 'quads') {
    if (expected.kind !== 'quads' || actual.kind !== 'quads') throw new TestFailure(`expected ${describe(expected)}, got ${describe(actual)}`);
    assertIsomorphic(expected.quads, actual.quads);
    return;
  }
  const ok = options.lax
    ? laxMatch(expected.solutions, actual.solutions)
    : sameSolutions(expected.solutions, actual.solutions, options.ordered);
  if (!ok) {
    throw new TestFailure(`solutions differ (expected ${expected.solutions.length}, got ${actual.solutions.length}${options.ordered ? ', ordered' : ''})`,
      ['expected:', ...expected.solutions.map(show), 'actual:', ...actual.solutions.map(show)].join('\n'));
  }
}

function describe(r: Results): string {
  return r.kind === 'boolean' ? `boolean ${r.value}` : r.kind === 'quads' ? `${r.quads.length} quads` : `${r.solutions.length} solutions`;
}

function show(s: Bindings): string {
  return [...s].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `?${k}=${termKey(v)}`).join(' ') || '{}';
}

/** A solution's shape with blank nodes blanked: solutions can only match when their shapes are equal. */
function shape(s: Bindings): string {
  return [...s].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => `${k}=${v.termType === 'BlankNode' ? '_:' : termKey(v)}`).join(' ');
}

/**
 * Whether there is a bijection of blank nodes under which `actual` equals
 * `expected` as a multiset (or as a sequence). Backtracking over candidates
 * of equal shape; test results are small.
 */
function sameSolutions(expected: readonly Bindings[], actual: readonly Bindings[], ordered: boolean): boolean {
  if (expected.length !== actual.length) return false;
  const mapping = new Map<string, string>();
  const reverse = new Map<string, string>();
  const used = new Array<boolean>(actual.length).fill(false);
  const shapes = actual.map(shape);
  const search = (i: number): boolean => {
    if (i === expected.length) return true;
    const e = expected[i]!;
    const eShape = shape(e);
    const candidates = ordered ? [i] : actual.map((_, j) => j);
    for (const j of candidates) {
      if (used[j] || shapes[j] !== eShape) continue;
      const added = unify(e, actual[j]!, mapping, reverse);
      if (!added) continue;
      used[j] = true;
      if (search(i + 1)) return true;
      used[j] = false;
      for (const key of added) {
        reverse.delete(mapping.get(key)!);
        mapping.delete(key);
      }
    }
    return false;
  };
  return search(0);
}

/** Extends the blank-node bijection so `e` equals `a`; the newly mapped labels, or undefined on conflict. */
function unify(e: Bindings, a: Bindings, mapping: Map<string, string>, reverse: Map<string, string>): string[] | undefined {
  const added: string[] = [];
  const undo = () => {
    for (const key of added) {
      reverse.delete(mapping.get(key)!);
      mapping.delete(key);
    }
  };
  for (const [name, term] of e) {
    const other = a.get(name);
    if (!other) return undo(), undefined;
    if (term.termType !== 'BlankNode') continue;
    const mapped = mapping.get(term.value);
    if (mapped !== undefined) {
      if (mapped !== other.value) return undo(), undefined;
      continue;
    }
    if (reverse.has(other.value)) return undo(), undefined;
    mapping.set(term.value, other.value);
    reverse.set(other.value, term.value);
    added.push(term.value);
  }
  return added;
}

/** `mf:LaxCardinality`: every actual solution is expected, and appears no more often than expected. */
function laxMatch(expected: readonly Bindings[], actual: readonly Bindings[]): boolean {
  const budget = new Map<string, number>();
  for (const e of expected) budget.set(show(e), (budget.get(show(e)) ?? 0) + 1);
  const seen = new Set<string>();
  for (const a of actual) {
    const key = show(a);
    const left = budget.get(key) ?? 0;
    if (left <= 0) return false;
    budget.set(key, left - 1);
    seen.add(key);
  }
  return [...budget.keys()].every((key) => seen.has(key));
}
