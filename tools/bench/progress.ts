/**
 * Load progress on stderr, so a long load shows it is alive (and how fast it
 * goes) without touching the tables on stdout.
 */
const STEP = 250_000;

export class Progress {
  private count = 0;
  private nextReport = STEP;
  private readonly started = performance.now();

  constructor(private readonly label: string) {}

  add(triples: number): void {
    this.count += triples;
    if (this.count < this.nextReport) return;
    this.nextReport = (Math.floor(this.count / STEP) + 1) * STEP;
    const seconds = (performance.now() - this.started) / 1000;
    process.stderr.write(`  ${this.label}: ${this.count.toLocaleString('en-US')} triples, ${Math.round(this.count / seconds).toLocaleString('en-US')}/s\n`);
  }

  get total(): number {
    return this.count;
  }
}

/** Line breaks in a chunk of N-Triples = triples in it (one per line, no blank lines in our data). */
export function countLines(chunk: Uint8Array | string): number {
  let n = 0;
  if (typeof chunk === 'string') {
    for (let at = chunk.indexOf('\n'); at >= 0; at = chunk.indexOf('\n', at + 1)) n++;
  } else {
    for (let at = chunk.indexOf(0x0a); at >= 0; at = chunk.indexOf(0x0a, at + 1)) n++;
  }
  return n;
}
