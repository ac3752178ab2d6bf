/**
 * `node --import tsx tools/generate-lubm.ts --copies N [--out FILE]`: LUBM-shaped
 * data at any multiple of LUBM(10) (1,272,953 triples), for scale tests past
 * what `../shared/bench` ships (e.g. `--copies 8` ≈ 10.2M triples).
 *
 * Copy c renumbers every `University<n>` (in IRIs and names) to
 * `University<n + 1000·c>`, so the copies share no subject while keeping
 * LUBM's class and property distribution, department structure and degree
 * links exactly. Streams gzip in and out; prints progress on stderr.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const SOURCE = fileURLToPath(new URL('../../shared/bench/lubm/lubm10.nt.gz', import.meta.url));

async function* copies(count: number): AsyncGenerator<string> {
  let written = 0;
  for (let c = 0; c < count; c++) {
    const lines = createInterface({ input: createReadStream(process.env.SVC_LUBM10 ?? SOURCE).pipe(createGunzip()), crlfDelay: Infinity });
    const offset = c * 1000;
    let batch = '';
    for await (const line of lines) {
      batch += (offset === 0 ? line : line.replace(/University(\d+)/g, (_, n: string) => `University${Number(n) + offset}`)) + '\n';
      if (++written % 100_000 === 0) {
        yield batch;
        batch = '';
        process.stderr.write(`\rgenerated ${written.toLocaleString('en')} triples (copy ${c + 1} of ${count})`);
      }
    }
    yield batch;
  }
  process.stderr.write(`\rgenerated ${written.toLocaleString('en')} triples\n`);
}

const argument = (name: string, fallback: string): string => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1]! : fallback;
};
const count = Number(argument('--copies', '8'));
if (!Number.isInteger(count) || count < 1) throw new Error('--copies takes a whole number ≥ 1');
const out = argument('--out', `lubm10x${count}.nt.gz`);
await pipeline(Readable.from(copies(count)), createGzip({ level: 1 }), createWriteStream(out));
