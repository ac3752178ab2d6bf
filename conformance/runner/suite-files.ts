/**
 * Where test files live (w3c-suites.md §4.1): tests are named by their W3C
 * URL, never by a local path, so manifests are parsed with the URL of the file
 * as base and every file IRI is mapped back to a local path here. The mapping
 * is a list of (URL prefix, local folder) pairs; no test ever touches the web.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The default suites root: `shared/` sits beside the repository (CI's clone and developers' checkouts alike); `SVC_W3C_DIR` overrides it. */
export const DEFAULT_W3C_DIR = path.resolve(fileURLToPath(new URL('../../', import.meta.url)), '../shared/w3c');
/** Files under the suites root are published at this URL + their relative path. */
export const W3C_URL_BASE = 'https://w3c.github.io/';

export function w3cRoot(env: NodeJS.ProcessEnv = process.env): string {
  return env.SVC_W3C_DIR ?? DEFAULT_W3C_DIR;
}

export class TestFileNotMapped extends Error {
  override readonly name = 'TestFileNotMapped';
}

export class SuiteFiles {
  readonly #mounts: { url: string; dir: string }[] = [];

  /** `root` is the suites folder, published under `urlBase`. */
  constructor(readonly root: string, urlBase = W3C_URL_BASE) {
    this.mount(urlBase, root);
  }

  /** Adds another (URL prefix → local folder) pair, e.g. for our own cases under `conformance/`. */
  mount(urlPrefix: string, dir: string): this {
    this.#mounts.push({ url: urlPrefix, dir: path.resolve(dir) });
    // Longest prefix first, so nested mounts win.
    this.#mounts.sort((a, b) => b.url.length - a.url.length);
    return this;
  }

  get available(): boolean {
    return existsSync(this.root);
  }

  /** The published URL of a local file (the base IRI it is parsed with). */
  urlOf(localPath: string): string {
    const absolute = path.resolve(localPath);
    for (const { url, dir } of this.#mounts) {
      if (absolute === dir || absolute.startsWith(dir + path.sep)) {
        return url + path.relative(dir, absolute).split(path.sep).map(encodeURIComponent).join('/');
      }
    }
    return pathToFileURL(absolute).href;
  }

  /** The local file behind a test IRI (fragment and query dropped). */
  pathOf(iri: string): string {
    const resource = iri.replace(/[#?].*$/, '');
    for (const { url, dir } of this.#mounts) {
      if (resource.startsWith(url)) {
        return path.join(dir, ...resource.slice(url.length).split('/').map(decodeURIComponent));
      }
    }
    if (resource.startsWith('file:')) return new URL(resource).pathname;
    throw new TestFileNotMapped(`no local file for <${iri}>: it is outside every mounted suite folder`);
  }

  read(iri: string): Promise<Buffer> {
    return readFile(this.pathOf(iri));
  }

  readText(iri: string): Promise<string> {
    return readFile(this.pathOf(iri), 'utf8');
  }
}
