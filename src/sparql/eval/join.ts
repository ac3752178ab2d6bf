/**
 * Join (SPARQL 1.1 Query §18.5 "Join": compatible solutions merged), in the
 * two physical forms the planner chooses between:
 * - `join`: an index nested loop (bind join) over ordered steps, each run on
 *   every row of the step before, with pushed-down filter conjuncts between them;
 * - `hash`: an operand evaluated once on its own, kept, and probed by the
 *   variables both sides surely bind; other shared variables are checked by
 *   compatibility (§18.3 "compatible mappings").
 */
import type { PlanNode } from '../plan.ts';
import { PAUSE, UNBOUND, type Row, type Run } from './context.ts';
import type { Scope } from './evaluate.ts';
import { compileBgpCheck } from './bgp.ts';
import { compileCondition } from './expression.ts';

type Condition = (row: Row) => boolean;

/**
 * The steps are grouped into stages: one step that yields rows, then the tests
 * that follow it (filter conjuncts, and `check` patterns whose variables are
 * all bound), applied inside the stage's loop without a generator per row.
 */
export function compileJoin(node: Extract<PlanNode, { type: 'join' }>, scope: Scope): Run {
  const leading: Condition[] = [];
  const stages: { step: Run; tests: Condition[] }[] = [];
  const tests = () => stages.at(-1)?.tests ?? leading;
  node.steps.forEach((step, i) => {
    if (step.type === 'pattern' && step.check) tests().push(compileBgpCheck(step, scope));
    else stages.push({ step: scope.compile(step), tests: [] });
    tests().push(...node.filters[i]!.map((f) => compileCondition(f, scope)));
  });
  tests().push(...node.finalFilters.map((f) => compileCondition(f, scope)));
  let next: Run = (row) => [row];
  for (let i = stages.length - 1; i >= 0; i--) next = chainStage(stages[i]!.step, stages[i]!.tests, next, i === stages.length - 1);
  if (leading.length === 0) return next;
  const rest = next;
  return (row) => (passesAll(leading, row) ? rest(row) : []);
}

function passesAll(tests: readonly Condition[], row: Row): boolean {
  for (const test of tests) if (!test(row)) return false;
  return true;
}

/** One stage of the nested loop: its rows, tested, each handed to the rest of the join. */
function chainStage(step: Run, tests: readonly Condition[], rest: Run, last: boolean): Run {
  if (last) {
    return function* lastStage(row) {
      for (const out of step(row)) if (out === PAUSE || passesAll(tests, out)) yield out;
    };
  }
  return function* joinStage(row) {
    for (const out of step(row)) {
      if (out === PAUSE) yield out;
      else if (passesAll(tests, out)) yield* rest(out);
    }
  };
}

/** Rows of an operand evaluated once, indexed by the values of the key slots. */
interface Table {
  readonly byKey: Map<string, Row[]>;
}

export function compileHash(node: Extract<PlanNode, { type: 'hash' }>, scope: Scope): Run {
  const inner = scope.compile(node.input);
  const keySlots = node.keys.map((k) => scope.slots.of(k));
  const graphSlot = scope.graph.kind === 'variable' ? scope.graph.slot : -1;
  // One table per active graph value: inside GRAPH ?g the operand depends on ?g.
  const tables = new Map<number, Table>();
  const { ctx } = scope;
  const keyOf = (row: Row) => (keySlots.length === 1 ? String(row[keySlots[0]!]) : keySlots.map((s) => row[s]).join(' '));

  return function* hashJoin(row) {
    const graphId = graphSlot < 0 ? 0 : row[graphSlot]!;
    let table = tables.get(graphId);
    if (!table) {
      const base = ctx.emptyRow();
      if (graphSlot >= 0) base[graphSlot] = graphId;
      const byKey = new Map<string, Row[]>();
      for (const r of inner(base)) {
        if (r === PAUSE) {
          yield r;
          continue;
        }
        const key = keyOf(r);
        const bucket = byKey.get(key);
        if (bucket) bucket.push(r);
        else byKey.set(key, [r]);
      }
      tables.set(graphId, (table = { byKey }));
    }
    for (const candidate of table.byKey.get(keyOf(row)) ?? []) {
      const merged = merge(row, candidate);
      if (merged) yield merged;
    }
  };
}

/** The merge of two compatible rows, or undefined when some variable has different values (§18.3). */
export function merge(a: Row, b: Row): Row | undefined {
  const out = a.slice();
  for (let i = 0; i < b.length; i++) {
    const v = b[i]!;
    if (v === UNBOUND) continue;
    const w = out[i]!;
    if (w === UNBOUND) out[i] = v;
    else if (w !== v) return undefined;
  }
  return out;
}
