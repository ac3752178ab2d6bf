import type { Dataset } from '../data.ts';
import type { RunContext } from '../measure.ts';
import type { Options } from '../options.ts';
import type { SuiteReport } from '../report.ts';

export async function httpSuite(_dataset: Dataset, _options: Options, _ctx: RunContext): Promise<SuiteReport> {
  return { suite: 'http', title: 'http', body: 'not written yet' };
}
