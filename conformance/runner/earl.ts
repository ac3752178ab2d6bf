/**
 * EARL reports (W3C Evaluation and Report Language 1.0, `earl:Assertion`):
 * one assertion per test, in Turtle, in the shape the W3C implementation
 * reports collect. Expected failures are reported as `earl:failed` with their
 * reason; skipped tests as `earl:untested`.
 */
import { writeFile } from 'node:fs/promises';
import { literal, namedNode, termKey, XSD } from '../../src/rdf/terms.ts';
import type { Outcome, OutcomeStatus } from './run.ts';

export interface EarlSubject {
  /** IRI of the software under test. */
  readonly iri: string;
  readonly name: string;
  /** Where it ran: "in-process", or the endpoint URL. */
  readonly description?: string;
}

export const SVC_SUBJECT: EarlSubject = { iri: 'https://svc.example/#svc', name: 'svc' };

const EARL_OUTCOME: Record<OutcomeStatus, string> = {
  passed: 'earl:passed',
  failed: 'earl:failed',
  'expected-failure': 'earl:failed',
  skipped: 'earl:untested',
};

const str = (value: string) => termKey(literal(value));
const iri = (value: string) => termKey(namedNode(value));

export function earlReport(outcomes: readonly Outcome[], subject: EarlSubject = SVC_SUBJECT, date = new Date()): string {
  const when = termKey(literal(date.toISOString(), namedNode(XSD + 'dateTime')));
  const lines = [
    '@prefix earl: <http://www.w3.org/ns/earl#> .',
    '@prefix dc: <http://purl.org/dc/terms/> .',
    '@prefix doap: <http://usefulinc.com/ns/doap#> .',
    '',
    `${iri(subject.iri)} a earl:TestSubject, earl:Software, doap:Project ;`,
    `  doap:name ${str(subject.name)}${subject.description ? ` ;\n  dc:description ${str(subject.description)}` : ''} .`,
  ];
  for (const outcome of outcomes) {
    const note = describe(outcome);
    lines.push(
      '',
      '[] a earl:Assertion ;',
      `  earl:assertedBy ${iri(subject.iri)} ;`,
      `  earl:subject ${iri(subject.iri)} ;`,
      `  earl:test ${iri(outcome.test.iri)} ;`,
      '  earl:mode earl:automatic ;',
      `  earl:result [ a earl:TestResult ; earl:outcome ${EARL_OUTCOME[outcome.status]} ; dc:date ${when}` +
        (note ? ` ;\n    dc:description ${str(note)}` : '') + ' ] .',
    );
  }
  return lines.join('\n') + '\n';
}

function describe(outcome: Outcome): string | undefined {
  if (outcome.status === 'expected-failure') return `expected failure: ${outcome.reason}`;
  return outcome.reason ?? outcome.message;
}

export async function writeEarl(file: string, outcomes: readonly Outcome[], subject?: EarlSubject): Promise<void> {
  await writeFile(file, earlReport(outcomes, subject), 'utf8');
}
