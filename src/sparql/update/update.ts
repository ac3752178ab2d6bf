/**
 * SPARQL 1.1 Update requests (https://www.w3.org/TR/sparql11-update/):
 * `prepareUpdate` parses once; `execute` runs the operations in order on the
 * caller's connection, inside the caller's one transaction, so a request is
 * all or nothing: when an operation fails (a failed LOAD without SILENT, a
 * timeout…), `execute` rejects and the caller rolls the transaction back.
 *
 * Protocol inputs (SPARQL 1.1 Protocol §2.2.3, spec §4.13): `using-graph-uri`
 * and `using-named-graph-uri` set the WHERE dataset and may not be combined
 * with USING, USING NAMED or WITH in the request; `remove-graph-uri` and
 * `insert-graph-uri` (RDF4J) redirect triples without GRAPH and may not be
 * combined with WITH. Such conflicts are `MalformedQueryError`s (400).
 */
import type { FetchPolicy } from '../../net/fetchPolicy.ts';
import type { SailConnection } from '../../sail/sail.ts';
import { MalformedQueryError, type ParseOptions, type PreparedUpdate, type UpdateOptions } from '../api.ts';
import { checkAborted, createUpdateContext, type UpdateContext } from './context.ts';
import { clear, create, GraphManagementError, transfer } from './graphManagement.ts';
import { deleteData, insertData, modify } from './graphUpdate.ts';
import { loadDocument, LoadError } from './load.ts';
import type { UpdateOperation } from './operations.ts';
import { parseUpdate } from './syntax.ts';

export interface UpdateParseOptions extends ParseOptions {
  /** Where LOAD may fetch from; `DEFAULT_FETCH_POLICY` when absent. */
  readonly fetchPolicy?: FetchPolicy;
  /**
   * The WHERE clause's default graph when the request names no dataset:
   * false (default) = the union of all graphs, as for queries (decisions.md);
   * true = the unnamed graph alone, the W3C test suites' reading.
   */
  readonly unnamedDefaultGraph?: boolean;
}

/**
 * Parses an update request; throws `MalformedQueryError` for bad syntax. An
 * empty request (only comments or a prologue) is valid and does nothing; the
 * protocol layer decides whether to refuse empty strings (RDF4J: "Updates must be non-empty").
 */
export function prepareUpdate(text: string, options: UpdateParseOptions = {}): PreparedUpdate {
  if (options.language && options.language !== 'sparql') {
    throw new MalformedQueryError(`update language ${options.language} is not supported`);
  }
  return new SparqlUpdate(parseUpdate(text, options.baseIRI), options);
}

class SparqlUpdate implements PreparedUpdate {
  readonly #operations: readonly UpdateOperation[];
  readonly #settings: UpdateParseOptions;

  constructor(operations: readonly UpdateOperation[], settings: UpdateParseOptions) {
    this.#operations = operations;
    this.#settings = settings;
  }

  async execute(connection: SailConnection, options: UpdateOptions = {}): Promise<void> {
    checkProtocolDataset(this.#operations, options);
    if (!connection.active) throw new Error('an update runs inside an active transaction');
    const ctx = createUpdateContext(connection, options, this.#settings);
    for (const op of this.#operations) {
      checkAborted(ctx);
      await executeOperation(ctx, op);
    }
  }
}

/** Rejects the dataset combinations SPARQL 1.1 Protocol §2.2.3 forbids. */
function checkProtocolDataset(operations: readonly UpdateOperation[], options: UpdateOptions): void {
  const using = (options.usingGraphs?.length ?? 0) + (options.usingNamedGraphs?.length ?? 0) > 0;
  const redirect = (options.removeGraphs?.length ?? 0) + (options.insertGraphs?.length ?? 0) > 0;
  for (const op of operations) {
    if (op.type !== 'modify') continue;
    if (using && (op.using || op.with)) {
      throw new MalformedQueryError('using-graph-uri/using-named-graph-uri may not be combined with USING, USING NAMED or WITH in the update');
    }
    if (redirect && op.with) {
      throw new MalformedQueryError('remove-graph-uri/insert-graph-uri may not be combined with WITH in the update');
    }
  }
}

/** One operation; SILENT turns its failure into a no-op (§3: "the operation … fails silently"). */
async function executeOperation(ctx: UpdateContext, op: UpdateOperation): Promise<void> {
  switch (op.type) {
    case 'insertData': return insertData(ctx, op.quads);
    case 'deleteData': return deleteData(ctx, op.quads);
    case 'modify': return modify(ctx, op);
    case 'load': return load(ctx, op);
    case 'clear': case 'drop': return clear(ctx, op.target);
    case 'create': return silently(op.silent, () => create(ctx, op));
    case 'copy': case 'move': case 'add': return transfer(ctx, op);
    default: {
      const unknown: never = op;
      throw new Error(`unknown update operation ${(unknown as { type: string }).type}`);
    }
  }
}

/**
 * §3.1.4 LOAD. Without SILENT, quads stream straight into the transaction (a
 * failure fails the request, and the caller's rollback undoes them). With
 * SILENT they are buffered and added only when the whole document parsed, so
 * a failed LOAD SILENT leaves nothing behind.
 */
async function load(ctx: UpdateContext, op: Extract<UpdateOperation, { type: 'load' }>): Promise<void> {
  const { connection, fetchPolicy, options } = ctx;
  if (!op.silent) return loadDocument(op.source, op.into, (q) => connection.addStatement(q), fetchPolicy, options.signal);
  const buffered: Parameters<typeof connection.addStatement>[0][] = [];
  try {
    await loadDocument(op.source, op.into, (q) => void buffered.push(q), fetchPolicy, options.signal);
  } catch (e) {
    if (e instanceof LoadError) return;
    throw e;
  }
  for (const q of buffered) connection.addStatement(q);
}

function silently(silent: boolean, run: () => void): void {
  try {
    run();
  } catch (e) {
    if (!(silent && e instanceof GraphManagementError)) throw e;
  }
}

export { LoadError } from './load.ts';
export { GraphManagementError } from './graphManagement.ts';
