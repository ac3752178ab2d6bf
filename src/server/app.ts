/**
 * The HTTP server of spec §4: `node:http` and one route table built from the
 * route modules (one per section). A handler decodes parameters, calls the
 * repository API, then negotiates and writes the result; every failure becomes
 * a §7 error response (`text/plain`, `LABEL: message`), or — once a response
 * has begun streaming — an aborted connection, never a quietly truncated 200.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PROTOCOL_VERSION } from '../protocol/constants.ts';
import type { RepositoryHost, ServerContext, ServerOptions } from './context.ts';
import { toProtocolError } from './errors.ts';
import { Exchange } from './exchange.ts';
import { Router } from './router.ts';
import { TransactionRegistry } from './transactions.ts';
import { contextsRoutes } from './routes/contexts.ts';
import { graphStoreRoutes } from './routes/graphStore.ts';
import { namespacesRoutes } from './routes/namespaces.ts';
import { protocolRoutes } from './routes/protocol.ts';
import { queryRoutes } from './routes/query.ts';
import { repositoryRoutes } from './routes/repositories.ts';
import { sizeRoutes } from './routes/size.ts';
import { statementsRoutes } from './routes/statements.ts';
import { transactionRoutes } from './routes/transactions.ts';

export const DEFAULTS = {
  host: '127.0.0.1',
  port: 8080,
  dataDir: './data',
  /** §4.12 idle transactions expire after this (RDF4J's default). */
  transactionTimeoutSeconds: 60,
  maxBodyBytes: 1024 * 1024 * 1024,
  /** 0 = no server-wide query timeout. */
  queryTimeoutSeconds: 0,
} as const;

export interface StartOptions {
  host?: string;
  /** 0 = a free port. */
  port?: number;
  /** Where the repository manager keeps its repositories (ignored when `repositories` is given). */
  dataDir?: string;
  /** A ready repository host (tests); otherwise the manager is opened on `dataDir`. */
  repositories?: RepositoryHost;
  protocolVersion?: string;
  transactionTimeoutSeconds?: number;
  maxBodyBytes?: number;
  queryTimeoutSeconds?: number;
}

export interface RunningServer {
  readonly url: string;
  readonly server: Server;
  readonly repositories: RepositoryHost;
  close(): Promise<void>;
}

/** The route table: every §4 resource. */
export function createRouter(context: ServerContext): Router {
  return new Router([
    ...protocolRoutes(context),
    ...repositoryRoutes(context),
    ...queryRoutes(context),
    ...statementsRoutes(context),
    ...sizeRoutes(context),
    ...contextsRoutes(context),
    ...graphStoreRoutes(context),
    ...namespacesRoutes(context),
    ...transactionRoutes(context),
  ]);
}

/** The request listener for a context. */
export function createHandler(context: ServerContext): (req: IncomingMessage, res: ServerResponse) => void {
  const router = createRouter(context);
  return (req, res) => void handle(router, new Exchange(req, res, context.options.maxBodyBytes));
}

async function handle(router: Router, exchange: Exchange): Promise<void> {
  try {
    const handler = router.resolve(exchange);
    await exchange.readForm();
    await handler(exchange);
    exchange.discardBody();
  } catch (e) {
    fail(exchange, e);
  }
}

function fail(exchange: Exchange, e: unknown): void {
  const res = exchange.res;
  if (res.headersSent) {
    // The status line is gone: abort so the client sees a broken response, not a short 200.
    res.destroy();
    return;
  }
  const error = toProtocolError(e);
  if (exchange.bodyOverLimit) res.setHeader('Connection', 'close');
  exchange.discardBody();
  exchange.sendError(error);
}

/** Starts a server; `close()` stops it, rolls back open transactions and shuts the repositories down. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const repositories = options.repositories ?? (await openManager(options.dataDir ?? DEFAULTS.dataDir));
  const transactions = new TransactionRegistry((options.transactionTimeoutSeconds ?? DEFAULTS.transactionTimeoutSeconds) * 1000);
  const serverOptions: ServerOptions = {
    protocolVersion: options.protocolVersion ?? PROTOCOL_VERSION,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULTS.maxBodyBytes,
    queryTimeoutMs: (options.queryTimeoutSeconds ?? DEFAULTS.queryTimeoutSeconds) * 1000,
  };
  const server = createServer(createHandler({ repositories, transactions, options: serverOptions }));
  // Node's default 5-minute request timeout would cut long uploads and exports; limits are §8's business.
  server.requestTimeout = 0;
  // Clients pool keep-alive connections (fetch/undici keeps them for minutes); Node's 5-second idle close
  // races a request sent on a pooled socket and the client sees ECONNRESET. Keep idle sockets longer.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.listen(options.port ?? DEFAULTS.port, options.host ?? DEFAULTS.host);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
  } catch (e) {
    // The port is taken (or similar): release what was opened for this server.
    if (!options.repositories) await repositories.shutdown();
    throw e;
  }
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    server,
    repositories,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await transactions.closeAll();
      await repositories.shutdown();
    },
  };
}

async function openManager(dataDir: string): Promise<RepositoryHost> {
  const { RepositoryManager } = await import('../repository/manager.ts');
  return RepositoryManager.open(dataDir);
}
