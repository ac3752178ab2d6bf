/**
 * svc:DatasetRepository (spec §2.3 "Repository implementations"): wraps a
 * SailRepository and, before a query runs, loads the graphs its dataset names
 * (FROM / FROM NAMED, or the protocol's `default-graph-uri` / `named-graph-uri`)
 * into the store, each into the context of its IRI. `http(s):` and `file:`
 * IRIs are loaded; a loaded graph is kept and reloaded only when its source
 * changed (HTTP `ETag` / `Last-Modified` conditional requests, file mtime).
 */
import { readFile, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { rdfFormatFor } from '../../formats/registry.ts';
import type { RdfFormat } from '../../formats/format.ts';
import { namedNode, type NamedNode, type Quad } from '../../rdf/terms.ts';
import type { Dataset, QueryResult } from '../../sparql/api.ts';
import { prepareQuery } from '../../sparql/engine.ts';
import type { QueryRequest, RepositoryConnection } from '../api.ts';
import { bodyOf } from './remote.ts';
import { ForwardingConnection, ForwardingRepository } from './forwarding.ts';
import type { SailRepository } from './sail.ts';

/** Fetches a graph's source. The default is the global `fetch`; the server passes its restricted fetch. */
export type Fetcher = (url: string, init: RequestInit) => Promise<Response>;

/** How a loaded graph's source looked when it was loaded. */
interface SourceVersion {
  readonly etag?: string;
  readonly lastModified?: string;
  readonly mtimeMs?: number;
}

/** A graph's source, when it changed since `known`: its statements (in no graph yet) and its new version. */
type Fetched = { readonly quads: Quad[]; readonly version: SourceVersion } | 'unchanged';

export class DatasetRepository extends ForwardingRepository {
  private readonly loaded = new Map<string, SourceVersion>();
  /** One load per graph at a time; concurrent queries naming it wait for the same load. */
  private readonly loading = new Map<string, Promise<void>>();

  constructor(
    id: string,
    title: string,
    protected override readonly delegate: SailRepository,
    private readonly fetcher: Fetcher = fetch,
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
    const fetched = await this.fetchGraph(iri, this.loaded.get(iri));
    if (fetched === 'unchanged') return;
    await this.replaceGraph(iri, fetched.quads);
    this.loaded.set(iri, fetched.version);
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

  private async fetchGraph(iri: string, known: SourceVersion | undefined): Promise<Fetched> {
    const url = new URL(iri);
    if (url.protocol === 'file:') return fetchFile(url, known);
    if (url.protocol === 'http:' || url.protocol === 'https:') return this.fetchHttp(iri, known);
    throw new Error(`DatasetRepository: cannot load <${iri}>: only http(s) and file IRIs are loaded`);
  }

  private async fetchHttp(iri: string, known: SourceVersion | undefined): Promise<Fetched> {
    const headers: Record<string, string> = { accept: 'text/turtle, application/n-triples;q=0.9, application/rdf+xml;q=0.8, */*;q=0.1' };
    if (known?.etag) headers['if-none-match'] = known.etag;
    if (known?.lastModified) headers['if-modified-since'] = known.lastModified;
    const response = await this.fetcher(iri, { headers });
    if (response.status === 304) return 'unchanged';
    if (!response.ok) throw new Error(`DatasetRepository: GET <${iri}> answered ${response.status}`);
    const format = formatOf(response.headers.get('content-type'), iri);
    const quads = await parseAll(format, bodyOf(response), iri);
    const etag = response.headers.get('etag');
    const lastModified = response.headers.get('last-modified');
    return { quads, version: { ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}) } };
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
    const parseOptions = { ...(request.language ? { language: request.language } : {}), ...(request.baseIRI ? { baseIRI: request.baseIRI } : {}) };
    const dataset = request.dataset ?? prepareQuery(request.query, parseOptions).dataset;
    if (dataset !== undefined) await this.repository.loadDataset(dataset);
    return this.delegate.query(request);
  }
}

async function fetchFile(url: URL, known: SourceVersion | undefined): Promise<Fetched> {
  const path = fileURLToPath(url);
  const { mtimeMs } = await stat(path);
  if (known?.mtimeMs === mtimeMs) return 'unchanged';
  return { quads: await parseAll(formatOf(null, url.href), [await readFile(path)], url.href), version: { mtimeMs } };
}

/** The format of a source: its media type when it names one we parse, else its file extension. */
function formatOf(contentType: string | null, iri: string): RdfFormat {
  const { pathname } = new URL(iri);
  const fileName = pathname.slice(pathname.lastIndexOf('/') + 1);
  const format = (contentType ? rdfFormatFor(contentType) : undefined) ?? (fileName.includes('.') ? rdfFormatFor(fileName) : undefined);
  if (format === undefined) throw new Error(`DatasetRepository: no RDF format for <${iri}> (${contentType ?? 'no Content-Type'})`);
  return format;
}

async function parseAll(format: RdfFormat, input: Parameters<RdfFormat['parse']>[0], baseIRI: string): Promise<Quad[]> {
  const quads: Quad[] = [];
  await format.parse(input, { quad: (q) => quads.push(q) }, { baseIRI });
  return quads;
}
