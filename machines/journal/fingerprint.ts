/**
 * A fingerprint of every machine definition (states, transitions, guard and update code), so a
 * cached fold is thrown away as soon as a machine changes, even without a version bump.
 */
import { MACHINE_DEFINITIONS } from '../registry.js';

let cached: string | undefined;

/** A stable hash of all machine definitions, as 16 hex digits. */
export function machinesFingerprint(): string {
  if (cached) return cached;
  const text = JSON.stringify(
    MACHINE_DEFINITIONS.map((definition) => [
      definition.name,
      definition.binding,
      definition.machine.config,
      Object.entries(definition.guards).map(([name, fn]) => [name, String(fn)]),
      Object.entries(definition.updates).map(([name, fn]) => [name, String(fn)]),
    ]),
    (_key, value: unknown) => (typeof value === 'function' ? String(value) : value),
  );
  cached = hash64(text);
  return cached;
}

/** Two independent 32-bit FNV-1a style hashes side by side (no crypto needed: not a security check). */
function hash64(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}
