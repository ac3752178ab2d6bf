/**
 * The SERVICE client (SPARQL 1.1 Federated Query §3–4 over the SPARQL 1.1
 * Protocol §2.1.2 "query via POST directly"): every SERVICE block with an IRI
 * is sent once, before the synchronous pipeline starts, and its solutions are
 * kept for `service.ts`. A failure is kept as an Error: SERVICE SILENT turns it
 * into the empty-join identity, plain SERVICE into a query error.
 *
 * Remote calls are the one place where evaluation awaits; a SERVICE whose
 * endpoint is a variable is not supported (its solutions would depend on rows
 * the pipeline has not produced yet).
 */
import type { Term } from '../../rdf/terms.ts';
import { tupleFormatFor } from '../../formats/registry.ts';
import type { PlanNode } from '../plan.ts';
import type { ExecutionContext } from './context.ts';

type ServiceNode = Extract<PlanNode, { type: 'service' }>;

const RESULTS_JSON = 'application/sparql-results+json';

/** Fetches every SERVICE block of the plan into `ctx.services`. */
export async function fetchServices(plan: PlanNode, ctx: ExecutionContext): Promise<void> {
  const nodes: ServiceNode[] = [];
  collect(plan, nodes);
  await Promise.all(nodes.map(async (node) => {
    try {
      ctx.services.set(node, await query(node, ctx.options.signal));
    } catch (error) {
      ctx.services.set(node, error instanceof Error ? error : new Error(String(error)));
    }
  }));
}

function collect(node: PlanNode, into: ServiceNode[]): void {
  if (node.type === 'service') {
    into.push(node);
    return;
  }
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const child of value) if (isPlanNode(child)) collect(child, into);
    if (isPlanNode(value)) collect(value, into);
  }
}

function isPlanNode(value: unknown): value is PlanNode {
  return typeof value === 'object' && value !== null && 'type' in value && !('termType' in value) && typeof (value as { type: unknown }).type === 'string';
}

async function query(node: ServiceNode, signal?: AbortSignal): Promise<ReadonlyMap<string, Term>[]> {
  if (node.name.termType !== 'NamedNode') throw new Error('SERVICE with a variable endpoint is not supported');
  const response = await fetch(node.name.value, {
    method: 'POST',
    headers: { 'content-type': 'application/sparql-query', accept: RESULTS_JSON },
    body: node.text,
    signal,
  });
  if (!response.ok) throw new Error(`HTTP ${response.status} from ${node.name.value}`);
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
