import type { Dataset } from '../data.ts';
import type { RunContext } from '../measure.ts';
import type { Options } from '../options.ts';
import type { SuiteReport } from '../report.ts';

export async function scaleSuite(_dataset: Dataset, _options: Options, _ctx: RunContext): Promise<SuiteReport> {
  return { suite: 'scale', title: 'scale', body: 'not written yet' };
}
