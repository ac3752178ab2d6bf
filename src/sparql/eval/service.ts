/**
 * SERVICE (SPARQL 1.1 Federated Query §3–4): each incoming row sends the
 * block to the endpoint (a constant IRI, or the row's value of the variable)
 * with the row's values of the block's variables as VALUES, and joins the
 * answers. The pipeline is synchronous and fetching is not: a row whose
 * request has no answer yet is recorded in `ctx.services.pending` and yields
 * nothing; the engine then fetches every pending request and runs the query
 * again (serviceClient.ts), until a run needs nothing new. SERVICE SILENT
 * turns a failed request into the incoming row unchanged (§4.1).
 */
import { termKey, type Term } from '../../rdf/terms.ts';
import { QueryEvaluationError } from '../api.ts';
import type { PlanNode } from '../plan.ts';
import { UNBOUND, type Row, type Run, type ServiceRequest } from './context.ts';
import type { Scope } from './evaluate.ts';

export function compileService(node: Extract<PlanNode, { type: 'service' }>, scope: Scope): Run {
  const { ctx } = scope;
  const slots = node.variables.map((name) => [name, scope.slots.of(name)] as const);
  const slotOf = new Map(slots);
  const endpointSlot = node.name.termType === 'Variable' ? scope.slots.of(node.name.value) : -1;

  const request = (row: Row): ServiceRequest | undefined => {
    const endpoint = endpointSlot < 0 ? node.name.value : row[endpointSlot] ? ctx.dictionary.term(row[endpointSlot]!) : undefined;
    if (typeof endpoint !== 'string' && endpoint?.termType !== 'NamedNode') return undefined;
    const bindings: [string, Term][] = [];
    for (const [name, slot] of slots) {
      if (row[slot] === UNBOUND) continue;
      const term = ctx.dictionary.term(row[slot]!);
      // Blank nodes cannot be written in VALUES; the answers are checked against them below.
      if (term.termType !== 'BlankNode') bindings.push([name, term]);
    }
    return { endpoint: typeof endpoint === 'string' ? endpoint : endpoint.value, text: node.text, bindings };
  };

  return function* service(row) {
    const call = request(row);
    const failed = (reason: string) => {
      if (!node.silent) throw new QueryEvaluationError(`SERVICE ${node.name.value}: ${reason}`);
    };
    if (!call) {
      failed('the endpoint is not an IRI');
      yield row;
      return;
    }
    const key = requestKey(call);
    const answer = ctx.services.answers.get(key);
    if (answer === undefined) {
      ctx.services.pending.set(key, call);
      return;
    }
    if (answer instanceof Error) {
      failed(answer.message);
      yield row;
      return;
    }
    for (const solution of answer) {
      const out = row.slice();
      let compatible = true;
      for (const [name, term] of solution) {
        const slot = slotOf.get(name);
        if (slot === undefined) continue;
        const id = ctx.dictionary.id(term);
        if (out[slot] === UNBOUND) out[slot] = id;
        else if (out[slot] !== id) compatible = false;
      }
      if (compatible) yield out;
    }
  };
}

export function requestKey(call: ServiceRequest): string {
  return `${call.endpoint} ${call.bindings.map(([name, term]) => `?${name}=${termKey(term)}`).join(' ')}`;
}
