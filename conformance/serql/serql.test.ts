/**
 * Our SeRQL cases (`manifest.ttl`, spec §4.3 `queryLn=serql`) against the
 * engine over a MemoryStore: one tap assertion per test.
 */
import t from 'tap';
import { createContext } from '../runner/context.ts';
import { tapSuite } from '../runner/tap.ts';
import { SERQL_SUITE, serqlSuiteFiles } from './suite.ts';

await tapSuite(t, SERQL_SUITE, createContext({ files: serqlSuiteFiles() }));
