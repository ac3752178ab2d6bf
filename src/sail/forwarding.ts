/**
 * The forwarding base for adapter (stackable) Sails (spec §2.3 "Adapter
 * Sails", `config:delegate`): a Sail and a connection that pass every call to
 * the wrapped one, so an adapter — RDFS or direct-type inference, SHACL —
 * overrides only the calls it changes (RDF4J's SailWrapper/SailConnectionWrapper).
 */
import type {
  ChangeListener,
  Id,
  IdQuad,
  IsolationLevel,
  QuadPattern,
  Sail,
  SailConnection,
  TransactionSettings,
  ValueStore,
} from './sail.ts';
import type { Quad } from '../rdf/terms.ts';

export class ForwardingConnection implements SailConnection {
  constructor(protected readonly delegate: SailConnection) {}

  get values(): ValueStore {
    return this.delegate.values;
  }
  get active(): boolean {
    return this.delegate.active;
  }

  begin(level?: IsolationLevel, settings?: TransactionSettings): void {
    this.delegate.begin(level, settings);
  }
  prepare(): Promise<void> {
    return this.delegate.prepare();
  }
  commit(): Promise<void> {
    return this.delegate.commit();
  }
  rollback(): void {
    this.delegate.rollback();
  }
  close(): void {
    this.delegate.close();
  }

  match(pattern: QuadPattern, includeInferred?: boolean): Iterable<IdQuad> {
    return this.delegate.match(pattern, includeInferred);
  }
  estimate(pattern: QuadPattern, includeInferred?: boolean): number {
    return this.delegate.estimate(pattern, includeInferred);
  }
  contexts(): Iterable<Id> {
    return this.delegate.contexts();
  }
  size(context?: Id, includeInferred?: boolean): number {
    return this.delegate.size(context, includeInferred);
  }

  addStatement(quad: Quad): void {
    this.delegate.addStatement(quad);
  }
  removeStatements(pattern: QuadPattern): number {
    return this.delegate.removeStatements(pattern);
  }
  addInferred(quad: Quad): boolean {
    return this.delegate.addInferred(quad);
  }
  removeInferred(pattern: QuadPattern): number {
    return this.delegate.removeInferred(pattern);
  }
  clear(contexts?: readonly Id[]): void {
    this.delegate.clear(contexts);
  }

  namespaces(): Iterable<readonly [prefix: string, iri: string]> {
    return this.delegate.namespaces();
  }
  getNamespace(prefix: string): string | undefined {
    return this.delegate.getNamespace(prefix);
  }
  setNamespace(prefix: string, iri: string): void {
    this.delegate.setNamespace(prefix, iri);
  }
  removeNamespace(prefix: string): void {
    this.delegate.removeNamespace(prefix);
  }
  clearNamespaces(): void {
    this.delegate.clearNamespaces();
  }

  addChangeListener(listener: ChangeListener): void {
    this.delegate.addChangeListener(listener);
  }
}

/** A Sail over a delegate Sail; `wrap` is where an adapter puts its own connection around the delegate's. */
export class ForwardingSail implements Sail {
  constructor(protected readonly delegate: Sail) {}

  get supportedIsolationLevels(): readonly IsolationLevel[] {
    return this.delegate.supportedIsolationLevels;
  }
  get defaultIsolationLevel(): IsolationLevel {
    return this.delegate.defaultIsolationLevel;
  }
  get values(): ValueStore {
    return this.delegate.values;
  }

  init(): Promise<void> {
    return this.delegate.init();
  }
  shutdown(): Promise<void> {
    return this.delegate.shutdown();
  }
  connection(): SailConnection {
    return this.wrap(this.delegate.connection());
  }

  /** Adapters override this to return their connection type; the base forwards as is. */
  protected wrap(connection: SailConnection): SailConnection {
    return new ForwardingConnection(connection);
  }
}
