/**
 * svc:DatasetRepository (spec §2.3 "Repository implementations"): wraps a
 * SailRepository and, before a query runs, loads the graphs its dataset names
 * (FROM / FROM NAMED, or the protocol's `default-graph-uri` / `named-graph-uri`)
 * into the store, each into the context of its IRI. `http(s):` and `file:`
 * IRIs are loaded through the restricted fetch module (`src/net/fetchPolicy.ts`);
 * a loaded file is kept until its mtime changes, an http source until the
 * server says it changed (see `SourceVersion`).
 */
import { createHash, type Hash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { rdfFormatFor } from '../../formats/registry.ts';
import type { RdfFormat } from '../../formats/format.ts';
import { namedNode, type NamedNode, type Quad } from '../../rdf/terms.ts';
import type { Dataset, QueryResult } from '../../sparql/api.ts';
import { prepareQuery } from '../../sparql/engine.ts';
import type { QueryRequest, RepositoryConnection } from '../api.ts';
import { fetchDocument, type FetchPolicy, type Validators } from '../../net/fetchPolicy.ts';
import { LOAD_ACCEPT } from '../../sparql/update/load.ts';
import { defined } from '../defined.ts';
import { ForwardingConnection, ForwardingRepository } from './forwarding.ts';
import type { SailRepository } from './sail.ts';

/**
 * How a loaded graph's source looked when it was loaded. Files are known by
 * their mtime. An http source is revalidated on every use with a conditional
 * request (its ETag / Last-Modified); a 304 keeps the graph, and for servers
 * that send no validators the digest of the body spares rewriting an unchanged one.
 */
interface SourceVersion {
  readonly mtimeMs?: number;
  readonly digest: string;
  /** The source's ETag / Last-Modified when it sent them. */
  readonly validators?: Validators;
}

export class DatasetRepository extends ForwardingRepository {
  private readonly loaded = new Map<string, SourceVersion>();
  /** One load per graph at a time; concurrent queries naming it wait for the same load. */
  private readonly loading = new Map<string, Promise<void>>();

  constructor(
    id: string,
    title: string,
    protected override readonly delegate: SailRepository,
    /** Every fetch goes through the server's fetch policy (no loopback, no files outside its roots by default). */
    private readonly fetchPolicy?: FetchPolicy,
  ) {
    super(id, title, delegate);
  }

  async connection(): Promise<RepositoryConnection> {
    return new DatasetConnection(await this.delegate.connection(), this);
  }

  /** Makes sure every graph of the dataset is loaded and current. */
  async loadDataset(dataset: Dataset): Promise<void> {
    const iris = [...dataset.defaultGraphs, ...dataset.namedGraphs].filter((g): g is NamedNode => g.termType === 'NamedNode');
    await Promise.all([...new Set(iris.map((g) => g.value))].map((iri) => this.loadGraph(iri)));
  }

  private loadGraph(iri: string): Promise<void> {
    const running = this.loading.get(iri);
    if (running) return running;
    const load = this.refresh(iri).finally(() => this.loading.delete(iri));
    this.loading.set(iri, load);
    return load;
  }

  private async refresh(iri: string): Promise<void> {
    const url = new URL(iri);
    const mtimeMs = url.protocol === 'file:' ? await stat(fileURLToPath(url)).then((info) => info.mtimeMs, () => undefined) : undefined;
    const known = this.loaded.get(iri);
    if (mtimeMs !== undefined && known?.mtimeMs === mtimeMs) return;
    // An http source we hold is asked "changed since?" with its ETag / Last-Modified; 304 keeps our copy.
    const fetched = await fetchDocument(iri, LOAD_ACCEPT, this.fetchPolicy, undefined, known?.validators ?? {});
    if ('notModified' in fetched) return;
    const hash = createHash('sha256');
    const quads = await parseAll(formatOf(fetched.mediaType, fetched.url), hashed(fetched.body, hash), fetched.url);
    const digest = hash.digest('hex');
    if (known?.digest !== digest) await this.replaceGraph(iri, quads);
    this.loaded.set(iri, { digest, validators: fetched.validators, ...(mtimeMs === undefined ? {} : { mtimeMs }) });
  }

  /** Replaces the context `iri` with the statements of its source, in one transaction. */
  private async replaceGraph(iri: string, quads: readonly Quad[]): Promise<void> {
    const connection = await this.delegate.connection();
    try {
      await connection.begin();
      const graph = namedNode(iri);
      await connection.remove({ contexts: [graph] });
      for (const q of quads) connection.add(q, [graph]);
      await connection.commit();
    } finally {
      await connection.close();
    }
  }
}

export class DatasetConnection extends ForwardingConnection {
  constructor(
    delegate: RepositoryConnection,
    private readonly repository: DatasetRepository,
  ) {
    super(delegate);
  }

  override async query(request: QueryRequest): Promise<QueryResult> {
    const dataset = request.dataset ?? prepareQuery(request.query, defined({ language: request.language, baseIRI: request.baseIRI })).dataset;
    if (dataset !== undefined) await this.repository.loadDataset(dataset);
    return this.delegate.query(request);
  }
}

/** The format of a source: its media type when it names one we parse, else its file extension. */
function formatOf(contentType: string | undefined, iri: string): RdfFormat {
  const { pathname } = new URL(iri);
  const fileName = pathname.slice(pathname.lastIndexOf('/') + 1);
  const format = (contentType ? rdfFormatFor(contentType) : undefined) ?? (fileName.includes('.') ? rdfFormatFor(fileName) : undefined);
  if (format === undefined) throw new Error(`DatasetRepository: no RDF format for <${iri}> (${contentType ?? 'no Content-Type'})`);
  return format;
}

/** The chunks of `body`, fed to `hash` on the way through. */
async function* hashed(body: AsyncIterable<Uint8Array>, hash: Hash): AsyncGenerator<Uint8Array> {
  for await (const chunk of body) {
    hash.update(chunk);
    yield chunk;
  }
}

async function parseAll(format: RdfFormat, input: Parameters<RdfFormat['parse']>[0], baseIRI: string): Promise<Quad[]> {
  const quads: Quad[] = [];
  await format.parse(input, { quad: (q) => quads.push(q) }, { baseIRI });
  return quads;
}
