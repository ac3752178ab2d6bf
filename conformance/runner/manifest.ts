/**
 * The test manifest (W3C test-manifest vocabulary, w3c-suites.md §2 and §6):
 * read a manifest, follow `mf:include` recursively, take `mf:entries` in order,
 * and describe each entry as a `TestCase`. Test IRIs are W3C URLs: a manifest
 * is parsed with its published URL as base (suite-files.ts).
 */
import path from 'node:path';
import { namedNode, rdf, type Quad, type Term } from '../../src/rdf/terms.ts';
import { jsonLdFileToQuads } from './jsonld-adapter.ts';
import { ManifestGraph } from './manifest-graph.ts';
import { parseFile } from './rdf-input.ts';
import type { SuiteFiles } from './suite-files.ts';
import { DAWGT, MF, RDFS_COMMENT, RDFS_LABEL, RDFT } from './vocab.ts';

export interface Manifest {
  /** Published URL of the manifest file. */
  readonly iri: string;
  readonly path: string;
  readonly label?: string;
  /** `mf:assumedTestBase`: the base that action files are parsed with (w3c-suites.md §4.1). */
  readonly assumedTestBase?: string;
  readonly graph: ManifestGraph;
  readonly tests: readonly TestCase[];
}

export interface TestCase {
  /** The test's IRI: its name in reports, expected-failure lists and EARL. */
  readonly iri: string;
  readonly node: Term;
  readonly types: readonly string[];
  readonly name: string;
  readonly comment?: string;
  /** `rdft:approval` or `dawgt:approval`, if the entry has one. */
  readonly approval?: string;
  readonly action?: Term;
  readonly result?: Term;
  readonly manifest: Manifest;
}

/** Every manifest reached from `entryPath` through `mf:include`, the entry manifest first. */
export async function loadManifests(entryPath: string, files: SuiteFiles): Promise<Manifest[]> {
  const loaded: Manifest[] = [];
  const visited = new Set<string>();
  const visit = async (localPath: string): Promise<void> => {
    const iri = files.urlOf(localPath);
    if (visited.has(iri)) return;
    visited.add(iri);
    const graph = new ManifestGraph(await readManifestQuads(localPath, iri, files));
    const node = manifestNode(graph, iri);
    loaded.push(describeManifest(graph, node, iri, localPath));
    for (const included of graph.lists(node, MF.include)) await visit(files.pathOf(included.value));
  };
  await visit(entryPath);
  return loaded;
}

/** All test cases of the given manifests, in manifest and entry order. */
export function testsOf(manifests: readonly Manifest[]): TestCase[] {
  return manifests.flatMap((m) => m.tests);
}

/**
 * The base IRI to parse a test file with (w3c-suites.md §4.1): with
 * `mf:assumedTestBase`, that base plus the file's path relative to the
 * manifest; otherwise the file's own IRI.
 */
export function parseBaseOf(test: TestCase, fileIri: string): string {
  const { assumedTestBase, iri } = test.manifest;
  const manifestDir = iri.slice(0, iri.lastIndexOf('/') + 1);
  if (!assumedTestBase || !fileIri.startsWith(manifestDir)) return fileIri;
  return new URL(fileIri.slice(manifestDir.length), assumedTestBase).href;
}

async function readManifestQuads(localPath: string, iri: string, files: SuiteFiles): Promise<Quad[]> {
  if (localPath.endsWith('.jsonld')) return jsonLdFileToQuads(iri, files);
  return parseFile(localPath, iri);
}

/** The manifest's own node: the subject typed `mf:Manifest`, else the document IRI. */
function manifestNode(graph: ManifestGraph, iri: string): Term {
  const typed = graph.subjectsWith(rdf.type.value, namedNode(MF.Manifest));
  return typed.find((node) => node.value === iri) ?? typed[0] ?? namedNode(iri);
}

function describeManifest(graph: ManifestGraph, node: Term, iri: string, localPath: string): Manifest {
  const tests: TestCase[] = [];
  const manifest: Manifest = {
    iri,
    path: path.resolve(localPath),
    label: graph.value(node, RDFS_LABEL) ?? graph.value(node, MF.name),
    assumedTestBase: graph.value(node, MF.assumedTestBase),
    graph,
    tests,
  };
  for (const entry of graph.lists(node, MF.entries)) tests.push(describeTest(graph, entry, manifest));
  return manifest;
}

function describeTest(graph: ManifestGraph, node: Term, manifest: Manifest): TestCase {
  const iri = node.termType === 'NamedNode' ? node.value : `${manifest.iri}#_:${node.value}`;
  return {
    iri,
    node,
    types: graph.objects(node, rdf.type.value).map((t) => t.value),
    name: graph.value(node, MF.name) ?? iri.slice(iri.lastIndexOf('#') + 1),
    comment: graph.value(node, RDFS_COMMENT),
    approval: graph.value(node, RDFT.approval) ?? graph.value(node, DAWGT.approval),
    action: graph.object(node, MF.action),
    result: graph.object(node, MF.result),
    manifest,
  };
}
