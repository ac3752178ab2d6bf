/**
 * A small in-memory Repository for testing the HTTP layer (§4) on its own:
 * statements in a list, writes buffered until commit, and a "query engine"
 * that understands just enough to exercise every result kind:
 * - `ASK` → true when the repository holds any statement;
 * - `SELECT` → every statement as ?s ?p ?o ?g (honours `limit`);
 * - `CONSTRUCT` / `DESCRIBE` → every statement;
 * - `SLEEP` → never answers until aborted (timeouts);
 * - text with an unbalanced `{` → MalformedQueryError.
 * Updates: `INSERT DATA { <s> <p> <o> }` style single triples, `CLEAR ALL`.
 */
import { quad, termKey, type Graph, type NamedNode, type Quad, type Subject } from '../../rdf/terms.ts';
import type { QueryRequest, Repository, RepositoryConnection, StatementFilter, UpdateRequest } from '../../repository/api.ts';
import { readTerm } from '../../rdf/ntriples.ts';
import type { IsolationLevel } from '../../sail/sail.ts';
import { MalformedQueryError, type QueryResult } from '../../sparql/api.ts';
import { UnsupportedIsolationLevelError } from '../../sail/errors.ts';
import type { RepositoryHost, RepositoryInfo } from '../context.ts';

export class FakeRepository implements Repository {
  quads: Quad[] = [];
  namespaceMap = new Map<string, string>();
  readonly supportedIsolationLevels: readonly IsolationLevel[] = ['NONE', 'SNAPSHOT_READ', 'SNAPSHOT'];
  readonly defaultIsolationLevel: IsolationLevel = 'SNAPSHOT_READ';
  readonly writable = true;
  /** Requests seen by `query`/`update`, for assertions on decoded parameters. */
  readonly requests: (QueryRequest | UpdateRequest)[] = [];
  openConnections = 0;
  /** Statement exports: batch size, batches pulled so far (backpressure tests), and a failure after the first batch. */
  batchSize = 2;
  batchesPulled = 0;
  failAfterFirstBatch = false;

  constructor(
    readonly id: string,
    readonly title = '',
  ) {}

  async init(): Promise<void> {}
  async shutdown(): Promise<void> {}
  async connection(): Promise<RepositoryConnection> {
    this.openConnections++;
    return new FakeConnection(this);
  }
}

const matches = (q: Quad, f: StatementFilter): boolean =>
  (!f.subject || q.subject.equals(f.subject)) &&
  (!f.predicate || q.predicate.equals(f.predicate)) &&
  (!f.object || q.object.equals(f.object)) &&
  (!f.contexts || f.contexts.length === 0 || f.contexts.some((c) => q.graph.equals(c)));

class FakeConnection implements RepositoryConnection {
  #working: Quad[] | undefined;
  #namespaces: Map<string, string> | undefined;
  #closed = false;

  constructor(private readonly repo: FakeRepository) {}

  get active(): boolean {
    return this.#working !== undefined;
  }
  private get view(): Quad[] {
    return this.#working ?? this.repo.quads;
  }
  private get ns(): Map<string, string> {
    return this.#namespaces ?? this.repo.namespaceMap;
  }

  async begin(level?: IsolationLevel): Promise<void> {
    if (level && !this.repo.supportedIsolationLevels.includes(level)) {
      throw new UnsupportedIsolationLevelError(level, this.repo.supportedIsolationLevels);
    }
    this.#working = [...this.repo.quads];
    this.#namespaces = new Map(this.repo.namespaceMap);
  }
  async prepare(): Promise<void> {}
  async commit(): Promise<void> {
    this.repo.quads = this.#working ?? this.repo.quads;
    this.repo.namespaceMap = this.#namespaces ?? this.repo.namespaceMap;
    this.#working = this.#namespaces = undefined;
  }
  async rollback(): Promise<void> {
    this.#working = this.#namespaces = undefined;
  }
  async close(): Promise<void> {
    if (!this.#closed) this.repo.openConnections--;
    this.#closed = true;
    await this.rollback();
  }

  async query(request: QueryRequest): Promise<QueryResult> {
    this.repo.requests.push(request);
    const text = request.query.trim();
    if ((text.match(/{/g) ?? []).length !== (text.match(/}/g) ?? []).length) throw new MalformedQueryError('unbalanced braces');
    const all = [...this.view];
    if (/^SLEEP/i.test(text)) {
      await new Promise((_, reject) => request.signal?.addEventListener('abort', () => reject(request.signal!.reason)));
    }
    if (/^ASK/i.test(text)) return { kind: 'boolean', value: all.length > 0 };
    if (/^SELECT/i.test(text)) {
      const rows = all.slice(0, request.limit ?? all.length).map((q) => [q.subject, q.predicate, q.object, q.graph.termType === 'DefaultGraph' ? undefined : q.graph]);
      return { kind: 'bindings', variables: ['s', 'p', 'o', 'g'], solutions: batches(rows) };
    }
    return { kind: 'quads', prefixes: new Map(), quads: batches(all) };
  }

  async update(request: UpdateRequest): Promise<void> {
    this.repo.requests.push(request);
    const text = request.update.trim();
    if (/^CLEAR ALL$/i.test(text)) {
      this.view.length = 0;
      return;
    }
    const data = /^INSERT DATA\s*{(.*)}$/is.exec(text);
    if (!data) throw new MalformedQueryError(`fake engine cannot run: ${text}`);
    const body = data[1]!.trim().replace(/\s*\.$/, '');
    const s = readTerm(body, 0);
    const p = readTerm(body, skipSpace(body, s.end));
    const o = readTerm(body, skipSpace(body, p.end));
    this.add(quad(s.term as Subject, p.term as NamedNode, o.term));
  }

  async *statements(filter: StatementFilter): AsyncIterable<readonly Quad[]> {
    const matching = this.view.filter((q) => matches(q, filter));
    for (let i = 0; i < matching.length; i += this.repo.batchSize) {
      this.repo.batchesPulled++;
      yield matching.slice(i, i + this.repo.batchSize);
      if (this.repo.failAfterFirstBatch) throw new Error('the store failed mid-export');
    }
  }
  add(q: Quad, contexts?: readonly Graph[]): void {
    if (!this.active) throw new Error('write outside a transaction');
    for (const g of contexts ?? [q.graph]) {
      const added = quad(q.subject, q.predicate, q.object, g);
      if (!this.view.some((x) => x.equals(added))) this.view.push(added);
    }
  }
  async remove(filter: StatementFilter): Promise<void> {
    if (!this.active) throw new Error('write outside a transaction');
    this.#working = this.view.filter((q) => !matches(q, filter));
  }
  async size(contexts?: readonly Graph[]): Promise<number> {
    return this.view.filter((q) => matches(q, { contexts })).length;
  }
  async *contexts(): AsyncIterable<readonly (NamedNode | Subject)[]> {
    const seen = new Map<string, NamedNode | Subject>();
    for (const q of this.view) if (q.graph.termType !== 'DefaultGraph') seen.set(termKey(q.graph), q.graph as NamedNode);
    yield [...seen.values()];
  }
  async namespaces(): Promise<ReadonlyMap<string, string>> {
    return new Map(this.ns);
  }
  async getNamespace(prefix: string): Promise<string | undefined> {
    return this.ns.get(prefix);
  }
  async setNamespace(prefix: string, iri: string): Promise<void> {
    this.ns.set(prefix, iri);
  }
  async removeNamespace(prefix: string): Promise<void> {
    this.ns.delete(prefix);
  }
  async clearNamespaces(): Promise<void> {
    this.ns.clear();
  }
}

function skipSpace(text: string, at: number): number {
  while (/\s/.test(text[at] ?? '')) at++;
  return at;
}

async function* batches<T>(items: readonly T[]): AsyncGenerator<readonly T[]> {
  for (let i = 0; i < items.length; i += 2) yield items.slice(i, i + 2);
}

/** A repository host over fake repositories; `create` makes an empty one. */
export class FakeHost implements RepositoryHost {
  readonly repositories = new Map<string, FakeRepository>();
  configs = new Map<string, Quad[]>();

  constructor(...ids: string[]) {
    for (const id of ids) this.repositories.set(id, new FakeRepository(id));
  }

  list(): RepositoryInfo[] {
    return [...this.repositories.values()].map((r) => ({ id: r.id, title: r.title, readable: true, writable: true }));
  }
  get(id: string): FakeRepository | undefined {
    return this.repositories.get(id);
  }
  async create(id: string, configQuads: Quad[]): Promise<void> {
    this.repositories.set(id, new FakeRepository(id));
    this.configs.set(id, configQuads);
  }
  async update(id: string, configQuads: Quad[]): Promise<void> {
    this.configs.set(id, configQuads);
  }
  config(id: string): Quad[] {
    return this.configs.get(id) ?? [];
  }
  async remove(id: string): Promise<boolean> {
    return this.repositories.delete(id);
  }
  async shutdown(): Promise<void> {}
}
