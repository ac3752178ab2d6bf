/**
 * The `svc` command line (bin/svc): `serve` runs the server of spec §4 on a data
 * directory, `conformance` runs the conformance suites against any server. The
 * options below are a stable contract; `--help` prints them.
 */
import { parseArgs } from 'node:util';
import { DEFAULTS, startServer, type RunningServer } from '../server/app.ts';
import { PROTOCOL_VERSION, RDF4J_PROTOCOL_VERSION } from '../protocol/constants.ts';

export const USAGE = `usage:
  svc serve [--host ${DEFAULTS.host}] [--port ${DEFAULTS.port}] [--data-dir ${DEFAULTS.dataDir}]
            [--protocol-version ${PROTOCOL_VERSION}|${RDF4J_PROTOCOL_VERSION}] [--txn-timeout SECONDS] [--max-body BYTES]
            [--query-timeout SECONDS]
      Serves the repositories of the data directory (a ready "default" repository
      is created in an empty one). --protocol-version ${RDF4J_PROTOCOL_VERSION} advertises RDF4J's current
      protocol, which its Java client needs to create repositories. --txn-timeout:
      idle transactions are rolled back after this (default ${DEFAULTS.transactionTimeoutSeconds}). --query-timeout:
      server-wide limit for queries and updates (default 0 = none).
  svc conformance --endpoint URL [--repository ID] [--profile spec|svc] [--earl FILE]
      Runs the conformance suites against a running server. The repository under
      test (default "default") is emptied before every test: point it at a scratch one.
  svc load [--data-dir ./data] [--repository default] FILE...
      Loads RDF files (format by extension; .gz is read through gunzip) into a
      repository of a data directory no server is using, in one transaction,
      with a progress bar on stderr.
  svc check DIR
      Verifies a NativeStore directory (data/repositories/<id>): every index holds
      the same statements, every id resolves, no page is shared. Exit 1 on a problem.
  svc export DIR [--out FILE]
      Writes every statement still readable in a NativeStore directory as N-Quads.
  svc --help`;

export interface Output {
  out(line: string): void;
  err(line: string): void;
}

const stdio: Output = { out: (l) => console.log(l), err: (l) => console.error(l) };

/** Runs one command; resolves with the process exit code (0 ok, 1 failure, 2 bad arguments). */
export async function main(argv: string[], io: Output = stdio): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve':
      return serve(rest, io);
    case 'load':
      return (await import('./offline.ts')).load(rest, io);
    case 'check':
      return (await import('./offline.ts')).check(rest, io);
    case 'export':
      return (await import('./offline.ts')).exportCommand(rest, io);
    case 'conformance': {
      const { runConformance } = await import('../../conformance/cli.ts');
      return runConformance(rest, io);
    }
    case undefined:
    case '--help':
    case '-h':
    case 'help':
      io.out(USAGE);
      return command === undefined ? 2 : 0;
    default:
      io.err(`unknown command: ${command}\n${USAGE}`);
      return 2;
  }
}

async function serve(args: string[], io: Output): Promise<number> {
  let server: RunningServer;
  try {
    server = await startServer(serveOptions(args));
  } catch (e) {
    io.err(e instanceof Error ? e.message : String(e));
    return e instanceof UsageError ? 2 : 1;
  }
  for (const { id, error } of server.repositories.problems ?? []) io.err(`repository ${id} not loaded: ${error.message}`);
  io.out(`svc listening on ${server.url}`);
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      io.out(`${signal}: shutting down`);
      process.off('SIGINT', stop).off('SIGTERM', stop);
      void server.close().then(resolve, (e: unknown) => {
        io.err(`shutdown failed: ${e instanceof Error ? e.message : String(e)}`);
        resolve();
      });
    };
    process.on('SIGINT', stop).on('SIGTERM', stop);
  });
  return 0;
}

class UsageError extends Error {
  constructor(message: string) {
    super(`${message}\n${USAGE}`);
  }
}

/** `svc serve` flags → server options. */
export function serveOptions(args: string[]): Parameters<typeof startServer>[0] {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      options: {
        host: { type: 'string', default: DEFAULTS.host },
        port: { type: 'string', default: String(DEFAULTS.port) },
        'data-dir': { type: 'string', default: DEFAULTS.dataDir },
        'protocol-version': { type: 'string', default: PROTOCOL_VERSION },
        'txn-timeout': { type: 'string', default: String(DEFAULTS.transactionTimeoutSeconds) },
        'max-body': { type: 'string', default: String(DEFAULTS.maxBodyBytes) },
        'query-timeout': { type: 'string', default: String(DEFAULTS.queryTimeoutSeconds) },
      },
    }));
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
  const protocolVersion = values['protocol-version'];
  if (protocolVersion !== PROTOCOL_VERSION && protocolVersion !== RDF4J_PROTOCOL_VERSION) {
    throw new UsageError(`--protocol-version must be ${PROTOCOL_VERSION} or ${RDF4J_PROTOCOL_VERSION}`);
  }
  return {
    host: values.host,
    port: integer('--port', values.port),
    dataDir: values['data-dir'],
    protocolVersion,
    transactionTimeoutSeconds: integer('--txn-timeout', values['txn-timeout']),
    maxBodyBytes: integer('--max-body', values['max-body']),
    queryTimeoutSeconds: integer('--query-timeout', values['query-timeout']),
  };
}

function integer(flag: string, value: string): number {
  if (!/^\d+$/.test(value)) throw new UsageError(`${flag} needs a non-negative integer, not "${value}"`);
  return Number(value);
}
