/**
 * What every route module of §4 is built with: the repositories (the manager
 * of `src/repository/manager.ts`, seen through the narrow interface below), the
 * open transactions (§4.12–4.14) and the server's limits and options (§8).
 */
import type { Quad } from '../rdf/terms.ts';
import type { Repository } from '../repository/api.ts';
import type { TransactionRegistry } from './transactions.ts';

export interface RepositoryInfo {
  readonly id: string;
  /** `rdfs:label`; absent when the configuration has none (the `title` column stays unbound). */
  readonly title?: string;
  readonly readable: boolean;
  readonly writable: boolean;
}

/** The repository manager as the server uses it. */
export interface RepositoryHost {
  list(): readonly RepositoryInfo[];
  get(id: string): Repository | undefined;
  create(id: string, configQuads: Quad[]): Promise<void>;
  update(id: string, configQuads: Quad[]): Promise<void>;
  config(id: string): Quad[];
  remove(id: string): Promise<boolean>;
  shutdown(): Promise<void>;
  /** Repositories that failed to load at open (the others still serve). */
  readonly problems?: readonly { readonly id: string; readonly error: Error }[];
}

export interface ServerOptions {
  /** `GET /protocol` answer: `8` by the spec, `12` for RDF4J's Java client (decisions.md "Protocol version"). */
  readonly protocolVersion: string;
  /** §8: request bodies over this many bytes get 413. */
  readonly maxBodyBytes: number;
  /** Server-wide query/update timeout in ms (0 = none); a smaller `timeout` parameter wins. */
  readonly queryTimeoutMs: number;
}

export interface ServerContext {
  readonly repositories: RepositoryHost;
  readonly transactions: TransactionRegistry;
  readonly options: ServerOptions;
}
