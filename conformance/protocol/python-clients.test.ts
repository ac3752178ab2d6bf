/**
 * SPARQLWrapper and rdflib (Python) against a live server, when the machine has
 * them (`apt-get install python3-sparqlwrapper python3-rdflib`); skipped otherwise.
 */
import t from 'tap';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../src/server/app.ts';
import { MEMORY_REPOSITORY_CONFIG, TEST_REPOSITORY } from './repository.ts';

const PYTHON = '/usr/bin/python3';
const available = spawnSync(PYTHON, ['-c', 'import SPARQLWrapper, rdflib'], { stdio: 'ignore' }).status === 0;

t.test('SPARQLWrapper and rdflib SPARQLUpdateStore', { skip: available ? false : 'python3-sparqlwrapper / python3-rdflib not installed' }, async (t) => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'svc-python-'));
  const server = await startServer({ port: 0, dataDir });
  t.teardown(async () => {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  const repository = `${server.url}/repositories/${TEST_REPOSITORY}`;
  await fetch(repository, { method: 'PUT', headers: { 'Content-Type': 'text/turtle' }, body: MEMORY_REPOSITORY_CONFIG });
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'python-clients.py');
  // Asynchronous: the server runs in this process and must answer while Python waits.
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(PYTHON, [script, repository]);
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d));
    child.stderr.on('data', (d: Buffer) => (output += d));
    child.on('close', (code) => resolve({ code, output }));
  });
  t.equal(code, 0, output);
  t.match(output, /rdflib SPARQLUpdateStore ok/);
});
