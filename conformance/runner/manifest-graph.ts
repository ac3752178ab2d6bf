/**
 * A manifest as a small read-only graph (w3c-suites.md §2): the runner and the
 * handlers ask "objects of (subject, predicate)" and read RDF lists
 * (`mf:entries`, `mf:include`, `ht:requests`). Indexed by subject, since every
 * lookup starts from a known node.
 */
import { rdf, termKey, type Quad, type Term } from '../../src/rdf/terms.ts';

export class MalformedManifest extends Error {
  override readonly name = 'MalformedManifest';
}

export class ManifestGraph {
  readonly #bySubject = new Map<string, { subject: Term; predicates: Map<string, Term[]> }>();

  constructor(quads: Iterable<Quad>) {
    for (const q of quads) this.add(q);
  }

  add(q: Quad): void {
    const key = termKey(q.subject);
    let entry = this.#bySubject.get(key);
    if (!entry) this.#bySubject.set(key, (entry = { subject: q.subject, predicates: new Map() }));
    const { predicates } = entry;
    const objects = predicates.get(q.predicate.value);
    if (objects) objects.push(q.object);
    else predicates.set(q.predicate.value, [q.object]);
  }

  objects(subject: Term, predicate: string): readonly Term[] {
    return this.#bySubject.get(termKey(subject))?.predicates.get(predicate) ?? [];
  }

  /** The predicates used with `subject`, e.g. the keys of a JSON-LD test's `option` node. */
  predicates(subject: Term): string[] {
    return [...(this.#bySubject.get(termKey(subject))?.predicates.keys() ?? [])];
  }

  /** The single object of (subject, predicate), if any; the first one if the data has several. */
  object(subject: Term, predicate: string): Term | undefined {
    return this.objects(subject, predicate)[0];
  }

  /** The lexical value of the single object, for literals like `mf:name`. */
  value(subject: Term, predicate: string): string | undefined {
    return this.object(subject, predicate)?.value;
  }

  /** Subjects that have `predicate` with `object`, e.g. every `rdf:type mf:Manifest`. */
  subjectsWith(predicate: string, object: Term): Term[] {
    const subjects: Term[] = [];
    const wanted = termKey(object);
    for (const { subject, predicates } of this.#bySubject.values()) {
      if (predicates.get(predicate)?.some((o) => termKey(o) === wanted)) subjects.push(subject);
    }
    return subjects;
  }

  /** The members of the RDF list starting at `head`, in order. */
  list(head: Term): Term[] {
    const members: Term[] = [];
    const seen = new Set<string>();
    for (let node = head; !node.equals(rdf.nil); ) {
      const key = termKey(node);
      if (seen.has(key)) throw new MalformedManifest(`RDF list ${key} is cyclic`);
      seen.add(key);
      const first = this.object(node, rdf.first.value);
      const rest = this.object(node, rdf.rest.value);
      if (!first || !rest) throw new MalformedManifest(`RDF list node ${key} lacks rdf:first or rdf:rest`);
      members.push(first);
      node = rest;
    }
    return members;
  }

  /** Every member of every list that is an object of (subject, predicate); manifests may repeat `mf:include`. */
  lists(subject: Term, predicate: string): Term[] {
    return this.objects(subject, predicate).flatMap((head) => this.list(head));
  }
}
