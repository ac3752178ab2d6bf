/**
 * The SERVICE client (SPARQL 1.1 Federated Query §3 over the SPARQL 1.1
 * Protocol §2.1.2 "query via POST directly", results as SPARQL JSON) and the
 * re-run loop that lets a synchronous pipeline use it: run the query to the
 * end, fetch every request the run left pending (service.ts), run again with
 * the answers, until a run leaves nothing pending. Each round compiles afresh,
 * so no operator keeps rows computed before an answer arrived.
 */
import { tupleFormatFor } from '../../formats/registry.ts';
import { termKey, type Term } from '../../rdf/terms.ts';
import { QueryEvaluationError } from '../api.ts';
import { PAUSE, type ExecutionContext, type Row, type ServiceCalls, type ServiceRequest } from './context.ts';

const RESULTS_JSON = 'application/sparql-results+json';
/** SERVICE inside SERVICE answers needs a round per level; more than this is a runaway query. */
const MAX_ROUNDS = 16;

/** Whether a plan (or an EXISTS pattern inside it) contains a SERVICE block. */
export function hasService(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || 'termType' in value) return false;
  if ((value as { type?: unknown }).type === 'service') return true;
  return Object.values(value).some(hasService);
}

/** All rows of the query once every SERVICE request it makes has an answer. */
export async function runWithServices(start: (calls: ServiceCalls) => { ctx: ExecutionContext; rows: Iterable<Row> }, calls: ServiceCalls): Promise<Row[]> {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const { ctx, rows } = start(calls);
    const collected: Row[] = [];
    ctx.resumed();
    for (const row of rows) {
      if (row !== PAUSE) collected.push(row);
      else {
        await new Promise<void>((resolve) => setImmediate(resolve));
        ctx.resumed();
      }
    }
    if (calls.pending.size === 0) return collected;
    const requests = [...calls.pending];
    calls.pending.clear();
    await Promise.all(requests.map(async ([key, request]) => {
      try {
        calls.answers.set(key, await send(request, ctx.options.signal));
      } catch (error) {
        calls.answers.set(key, error instanceof Error ? error : new Error(String(error)));
      }
    }));
  }
  throw new QueryEvaluationError(`SERVICE calls still pending after ${MAX_ROUNDS} rounds`);
}

/** The block as a query; the sent bindings as a VALUES block joined with it. */
export function serviceQuery(request: ServiceRequest): string {
  if (request.bindings.length === 0) return request.text;
  const names = request.bindings.map(([name]) => '?' + name).join(' ');
  const values = request.bindings.map(([, term]) => termKey(term)).join(' ');
  return `SELECT * WHERE { { ${request.text} } VALUES (${names}) { (${values}) } }`;
}

async function send(request: ServiceRequest, signal?: AbortSignal): Promise<ReadonlyMap<string, Term>[]> {
  const response = await fetch(request.endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/sparql-query', accept: RESULTS_JSON },
    body: serviceQuery(request),
    signal,
  });
  if (!response.ok) throw new Error(`HTTP ${response.status} from ${request.endpoint}`);
  const format = tupleFormatFor(RESULTS_JSON);
  if (!format?.parse) throw new Error('no SPARQL JSON results parser');
  const solutions: Map<string, Term>[] = [];
  let variables: readonly string[] = [];
  await format.parse([new Uint8Array(await response.arrayBuffer())], {
    variables: (names) => void (variables = names),
    solution: (values) => {
      const solution = new Map<string, Term>();
      values.forEach((term, i) => {
        if (term !== undefined) solution.set(variables[i]!, term);
      });
      solutions.push(solution);
    },
  });
  return solutions;
}
