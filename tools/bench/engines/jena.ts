/**
 * Apache Jena 4.5 from Debian (`libapache-jena-java`), when installed: ARQ
 * over an in-memory transactional dataset (`jena-mem`) or over TDB2 on disk
 * (`jena-tdb2`), both in one JVM running `JenaBench.java` (a single-file
 * program: no build step). Data reaches the JVM through a FIFO that the
 * harness fills from the gzipped file. Memory figures are the JVM's.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { lineChunks, REPO_ROOT, type DataSource } from '../data.ts';
import { EngineUnavailable, type Engine, type EngineContext } from '../engine.ts';
import { countLines, Progress } from '../progress.ts';

const JAVA_DIR = '/usr/share/java';
/** Jena's modules and the Debian libraries they need (apt-cache depends libapache-jena-java). */
const JARS = [
  ...['arq', 'base', 'core', 'dboe-base', 'dboe-index', 'dboe-storage', 'dboe-trans-data', 'dboe-transaction', 'iri', 'tdb2'].map((m) => `jena-${m}`),
  ...['commons-cli', 'commons-codec', 'commons-compress', 'commons-csv', 'commons-io', 'commons-lang3', 'gson', 'guava'],
  ...['httpclient', 'httpcore', 'jackson-annotations', 'jackson-core', 'jackson-databind', 'jsonld-java', 'protobuf'],
  ...['slf4j-api', 'slf4j-nop', 'titanium-json-ld', 'jakarta.json-api', 'dexx.collection', 'thrift'],
].map((name) => join(JAVA_DIR, `${name}.jar`));

export const openMemory = (ctx: EngineContext) => openJena('jena-mem', ctx);
export const openTdb2 = (ctx: EngineContext) => openJena('jena-tdb2', ctx);

async function openJena(name: 'jena-mem' | 'jena-tdb2', ctx: EngineContext): Promise<Engine> {
  const missing = JARS.filter((jar) => !existsSync(jar));
  if (missing.length) throw new EngineUnavailable(`not installed (Debian libapache-jena-java; missing ${missing[0]})`);
  const args = ['-Xmx8g', '-cp', [xercesMessages(ctx.scratchDir), ...JARS].join(':'), join(REPO_ROOT, 'tools/bench/engines/JenaBench.java')];
  args.push(name === 'jena-tdb2' ? 'tdb2' : 'mem');
  if (name === 'jena-tdb2') args.push(join(ctx.scratchDir, 'tdb2'));
  const jvm = spawn('java', args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const spawned = await Promise.race([once(jvm, 'spawn').then(() => undefined), once(jvm, 'error').then(([e]) => e as Error)]);
  if (spawned) throw new EngineUnavailable(`not installed (java: ${spawned.message})`);
  const replies = createInterface({ input: jvm.stdout! })[Symbol.asyncIterator]();
  const answer = async (command?: string): Promise<number> => {
    if (command) jvm.stdin!.write(command + '\n');
    const { value, done } = await replies.next();
    if (done) throw new Error(`${name}: the JVM exited`);
    if (value === 'ready') return 0;
    if (!value.startsWith('ok ')) throw new Error(`${name}: ${value.replace(/^err /, '')}`);
    return Number(value.slice(3));
  };
  await answer();
  return {
    name,
    dataPid: jvm.pid,
    async load(source: DataSource) {
      const fifo = join(ctx.scratchDir, 'data.nt');
      execFileSync('mkfifo', [fifo]);
      const loaded = answer(`load ${fifo}`);
      const progress = new Progress(name);
      const pipe = createWriteStream(fifo);
      for await (const chunk of lineChunks(source)) {
        if (!pipe.write(chunk)) await once(pipe, 'drain');
        progress.add(countLines(chunk));
      }
      pipe.end();
      return loaded;
    },
    query: (sparql: string) => answer(`query ${Buffer.from(sparql).toString('base64')}`),
    async close() {
      jvm.stdin!.end();
      jvm.kill('SIGKILL');
    },
  };
}

/**
 * Debian relocates Jena's bundled Xerces classes to `xerces.*` but leaves their
 * message files under `org/apache/jena/ext/xerces/`, so XSD datatype set-up
 * fails with "internal error". Copying the message files to the relocated
 * path, on the class path ahead of the jars, restores them.
 */
function xercesMessages(scratchDir: string): string {
  const dir = join(scratchDir, 'xerces-messages');
  mkdirSync(dir, { recursive: true });
  execFileSync('unzip', ['-q', '-o', join(JAVA_DIR, 'jena-core.jar'), 'org/apache/jena/ext/xerces/*', '-d', dir]);
  renameSync(join(dir, 'org/apache/jena/ext/xerces'), join(dir, 'xerces'));
  return dir;
}
