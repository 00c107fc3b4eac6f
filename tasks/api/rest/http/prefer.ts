/**
 * The Prefer header as PostgREST v12.0.1 reads it (RFC 7240): every Prefer header, split on
 * commas; the first value of each preference wins; a value it does not know is ignored, or, with
 * `handling=strict`, refused (PGRST122). `Preference-Applied` names, in PostgREST's order, the
 * preferences that a given kind of response honoured.
 */
import { restError } from '../../common/api-error.js';
import type { Preferences } from '../rest-request.js';

type PreferenceName = keyof Preferences;

/** Each accepted `name=value`, in the order Preference-Applied lists them. */
const KNOWN: Record<PreferenceName, readonly string[]> = {
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  return: ['representation', 'minimal', 'headers-only'],
  params: ['single-object'],
  count: ['exact', 'planned', 'estimated'],
  tx: ['commit', 'rollback'],
  handling: ['strict', 'lenient'],
};
const ORDER = Object.keys(KNOWN) as PreferenceName[];

/** Reads the Prefer header(s); throws PGRST122 for unknown ones under `handling=strict`. */
export function parsePrefer(header: string | string[] | undefined): Preferences {
  const values = (Array.isArray(header) ? header : header === undefined ? [] : [header]).flatMap((line) => line.split(',')).map((value) => value.trim()).filter(Boolean);
  const preferences: Preferences = {};
  const invalid: string[] = [];
  for (const value of values) {
    const at = value.indexOf('=');
    const name = value.slice(0, at) as PreferenceName;
    const setting = value.slice(at + 1);
    if (at <= 0 || !Object.hasOwn(KNOWN, name) || !KNOWN[name].includes(setting)) {
      invalid.push(value);
      continue;
    }
    if (preferences[name] === undefined) (preferences as Record<string, string>)[name] = setting;
  }
  if (preferences.handling === 'strict' && invalid.length > 0) {
    throw restError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${invalid.join(', ')}`);
  }
  return preferences;
}

/** The Preference-Applied value for the preferences a response honoured (`applied` picks them), or undefined. */
export function preferenceApplied(preferences: Preferences, applied: readonly PreferenceName[]): string | undefined {
  const parts = ORDER.filter((name) => applied.includes(name) && preferences[name] !== undefined).map((name) => `${name}=${preferences[name]}`);
  return parts.length > 0 ? parts.join(', ') : undefined;
}
