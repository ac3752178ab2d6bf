/**
 * Dataset comparison for evaluation tests (RDF 1.1 Concepts §6, graph
 * isomorphism), with a readable diff on failure: both sides as sorted N-Quads,
 * lines only in the expected data marked `-`, lines only in the actual data
 * marked `+`. Blank-node labels are arbitrary, so lines are matched with their
 * labels blanked out; the printed lines keep the real labels.
 */
import { isomorphic } from 'rdf-isomorphic';
import { termKey, type Quad } from '../../src/rdf/terms.ts';
import { TestFailure } from './registry.ts';

/** One N-Quads line (N-Quads §2) for a quad. */
export function nquad(q: Quad): string {
  const graph = termKey(q.graph);
  return `${termKey(q.subject)} ${termKey(q.predicate)} ${termKey(q.object)}${graph ? ' ' + graph : ''} .`;
}

export function sortedNQuads(quads: readonly Quad[]): string[] {
  return quads.map(nquad).sort();
}

/** `-`/`+` lines for the quads each side lacks; empty when the sides differ only in blank-node labels. */
export function quadDiff(expected: readonly Quad[], actual: readonly Quad[]): string {
  const expectedLines = sortedNQuads(expected);
  const actualLines = sortedNQuads(actual);
  return [
    ...unmatched(expectedLines, actualLines).map((line) => '- ' + line),
    ...unmatched(actualLines, expectedLines).map((line) => '+ ' + line),
  ].join('\n');
}

/** Lines of `from` left over after pairing each with an equal line of `against`, ignoring blank-node labels. */
function unmatched(from: readonly string[], against: readonly string[]): string[] {
  const anonymous = (line: string) => line.replace(/_:[^\s"<>]+/g, '_:');
  const budget = new Map<string, number>();
  for (const line of against) budget.set(anonymous(line), (budget.get(anonymous(line)) ?? 0) + 1);
  return from.filter((line) => {
    const left = budget.get(anonymous(line)) ?? 0;
    budget.set(anonymous(line), left - 1);
    return left <= 0;
  });
}

/** Throws a `TestFailure` with the diff unless the two datasets are isomorphic. */
export function assertIsomorphic(expected: readonly Quad[], actual: readonly Quad[], what = 'result'): void {
  if (isomorphic([...expected], [...actual])) return;
  const diff = quadDiff(expected, actual) ||
    '(same lines up to blank-node labels; the blank nodes are connected differently)\n' +
    ['expected:', ...sortedNQuads(expected), 'actual:', ...sortedNQuads(actual)].join('\n');
  throw new TestFailure(`${what}: ${actual.length} quads are not isomorphic to the ${expected.length} expected`, diff);
}
