/**
 * The HTTP ceiling (perf-anchors.md §d): a bare Node `http` server on
 * 127.0.0.1 that answers every request with the same small SPARQL JSON
 * boolean result, keep-alive, no parsing. What a Node SPARQL endpoint could
 * serve at best on this machine; run in its own process by the http suite,
 * it prints `listening <port>` when ready.
 */
import { createServer } from 'node:http';

const BODY = Buffer.from('{"head":{},"boolean":true}\n');

const server = createServer((req, res) => {
  req.resume();
  res.writeHead(200, { 'content-type': 'application/sparql-results+json', 'content-length': BODY.length });
  res.end(BODY);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening ${(server.address() as { port: number }).port}\n`);
});
process.on('disconnect', () => process.exit(0));
