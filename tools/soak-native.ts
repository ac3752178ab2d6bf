/**
 * `npm run soak:native [-- --kills N]`: the NativeStore crash proof at soak
 * length (default 200 kills), with a line of progress per kill and a summary.
 * Exits non-zero on the first store that fails its check.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crashCycle, MODES } from '../src/sail/native/crash.ts';

const at = process.argv.indexOf('--kills');
const kills = at > 0 ? Number(process.argv[at + 1]) : 200;
const dir = mkdtempSync(join(tmpdir(), 'svc-soak-'));
const started = Date.now();
let failures = 0;
try {
  for (let i = 0; i < kills; i++) {
    const mode = MODES[i % MODES.length]!;
    const result = await crashCycle(dir, mode, 10 + Math.floor(Math.random() * 600));
    const verdict = result.problems.length === 0 ? 'ok' : `FAILED: ${result.problems.join('; ')}`;
    process.stderr.write(`kill ${i + 1}/${kills} ${mode} after ${result.killedAfterMs} ms: transaction ${result.found} (last reported ${result.lastReported}) ${verdict}\n`);
    if (result.problems.length > 0) {
      failures++;
      break;
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`${kills} kills planned, ${failures} failed, ${Math.round((Date.now() - started) / 1000)} s`);
process.exitCode = failures > 0 ? 1 : 0;
