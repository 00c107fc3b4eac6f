/**
 * Which overload an RPC calls: our implementation of PostgREST v12.0.1's findProc (Plan.hs). The
 * argument names (the body's keys, or the query's for GET) must cover every required parameter
 * and only known ones; a function with a single unnamed json/jsonb parameter takes the whole
 * body when nothing else matches; `params=single-object` wants one json/jsonb parameter. None is
 * PGRST202 with PostgREST's texts, several PGRST203.
 */
import { restError, type ApiError } from '../../common/api-error.js';
import { qualifiedKey, type QualifiedName, type Routine, type SchemaCache } from '../schema-types.js';
import { closestMatch } from './fuzzy-match.js';

export interface RoutineLookup {
  keys: string[];
  singleObject: boolean;
  /** A POST with a JSON body (GET and HEAD cannot call the single-unnamed-parameter form). */
  post: boolean;
}

const jsonType = (type: string | undefined): boolean => type === 'json' || type === 'jsonb';

function matches(routine: Routine, keys: Set<string>, singleObject: boolean): boolean {
  const params = routine.parameters;
  if (singleObject) return params.length === 1 && jsonType(params[0].type);
  if (params.length === 0) return keys.size === 0;
  const required = params.filter((p) => p.required).map((p) => p.name);
  const optional = new Set(params.filter((p) => !p.required).map((p) => p.name));
  const rest = [...keys].filter((key) => !optional.has(key));
  return rest.length === required.length && required.every((name) => keys.has(name));
}

/** The routine `name` called with `lookup`'s arguments. */
export function findRoutine(cache: SchemaCache, name: QualifiedName, lookup: RoutineLookup): Routine {
  const overloads = cache.routines.get(qualifiedKey(name)) ?? [];
  const keys = new Set(lookup.keys);
  const matched = overloads.filter((r) => matches(r, keys, lookup.singleObject));
  const fallback = overloads.filter((r) => !matches(r, keys, lookup.singleObject)
    && lookup.post && r.parameters.length === 1 && r.parameters[0].name === '' && jsonType(r.parameters[0].type));
  if (matched.length === 1) return matched[0];
  if (matched.length > 1) throw ambiguous(matched);
  if (fallback.length === 1) return fallback[0];
  if (fallback.length > 1) throw ambiguous(fallback);
  throw notFound(cache, name, lookup, overloads);
}

function ambiguous(routines: Routine[]): ApiError {
  const list = routines.map((r) => `${r.schema}.${r.name}(${r.parameters.map((p) => `${p.name} => ${p.type}`).join(', ')})`);
  return restError(300, 'PGRST203', `Could not choose the best candidate function between: ${list.join(', ')}`, null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved');
}

function notFound(cache: SchemaCache, name: QualifiedName, lookup: RoutineLookup, overloads: Routine[]): ApiError {
  const func = `${name.schema}.${name.name}`;
  const names = lookup.keys.join(', ');
  const withParams = (text: string): string => (lookup.keys.length === 0 ? ' without parameters' : text);
  const message = `Could not find the function ${func}${lookup.singleObject ? '' : withParams(`(${names})`)} in the schema cache`;
  const searched = lookup.singleObject
    ? ' with a single json/jsonb parameter'
    : withParams(` with parameter${lookup.keys.length > 1 ? 's' : ''} ${names}`) + (lookup.post ? ' or with a single unnamed json/jsonb parameter' : '');
  const details = `Searched for the function ${func}${searched}, but no matches were found in the schema cache.`;
  return restError(404, 'PGRST202', message, details, lookup.singleObject ? null : hint(cache, name, lookup.keys, overloads));
}

/** A close function name when none has this one, else the closest parameter list among its overloads. */
function hint(cache: SchemaCache, name: QualifiedName, keys: string[], overloads: Routine[]): string | null {
  const prefix = `Perhaps you meant to call the function ${name.schema}.`;
  const listed = (names: string[]): string => `(${[...names].sort().join(', ')})`;
  if (overloads.length === 0) {
    const names = [...cache.routines.values()].flat().filter((r) => r.schema === name.schema).map((r) => r.name);
    const match = closestMatch(names, name.name);
    return match === undefined ? null : `${prefix}${match}`;
  }
  const match = closestMatch(overloads.map((r) => listed(r.parameters.map((p) => p.name))), listed(keys));
  return match === undefined ? null : `${prefix}${name.name}${match}`;
}
