/**
 * Which machine folds which stream. A stream's kind is the part of its name before the first
 * colon; a kind has at most one machine for the stream itself and one for keyed instances inside
 * it (services in `stack`, branches in `branches:<ref>`, versions in `migrations:<target>`).
 */
import { MACHINE_DEFINITIONS, streamKind } from '../registry.js';
import { compileMachine, type CompiledMachine } from './compile.js';
import { domainRequestFacts } from '../domains/exclusivity.js';

/** How the fold treats the streams of one kind. */
export interface StreamKind {
  kind: string;
  /** The machine of the stream itself (absent for `migrations`, whose streams only hold instances). */
  machine?: CompiledMachine;
  /** The event field naming the instance, and the instances' machine. */
  keyField?: string;
  keyed?: CompiledMachine;
  /**
   * Facts from other streams that a request on this stream carries, so a machine can guard on
   * them and stay pure (the hostname / subdomain exclusivity).
   */
  requestFacts?: (stream: string, stateOf: (stream: string) => string | undefined) => Record<string, unknown>;
}

let kinds: Map<string, StreamKind> | undefined;

/** Every stream kind, compiled on first use. */
export function streamKinds(): Map<string, StreamKind> {
  if (kinds) return kinds;
  kinds = new Map();
  for (const definition of MACHINE_DEFINITIONS) {
    const kind = streamKind(definition.binding.stream);
    const entry = kinds.get(kind) ?? { kind };
    const compiled = compileMachine(definition);
    if (definition.binding.keyField) {
      entry.keyField = definition.binding.keyField;
      entry.keyed = compiled;
    } else {
      entry.machine = compiled;
    }
    kinds.set(kind, entry);
  }
  for (const kind of ['custom-hostname', 'vanity-subdomain']) {
    const entry = kinds.get(kind);
    if (entry) entry.requestFacts = (stream, stateOf) => ({ ...domainRequestFacts(stream, stateOf) });
  }
  return kinds;
}

const byStream = new Map<string, StreamKind | null>();

/** The kind of a stream, or undefined for streams no machine folds (kept, listed, not folded). */
export function kindOf(stream: string): StreamKind | undefined {
  let found = byStream.get(stream);
  if (found === undefined) {
    found = streamKinds().get(streamKind(stream)) ?? null;
    if (byStream.size < 10_000) byStream.set(stream, found);
  }
  return found ?? undefined;
}

/** The compiled machine that folds a stream (key undefined) or an instance in it (key given). */
export function machineFor(stream: string, key?: string): CompiledMachine | undefined {
  const kind = kindOf(stream);
  return key === undefined ? kind?.machine : kind?.keyed;
}
