/**
 * Which relationship an embed means: our implementation of PostgREST v12.0.1's rules (findRel in
 * its Plan.hs). The embed's name may be the target table or view, a foreign key constraint, a
 * column of the foreign key (`director_id(*)`) or a computed relationship's function; a `!hint`
 * narrows the candidates by constraint, column or junction table. None or several candidates are
 * PostgREST's PGRST200 and PGRST201.
 */
import { restError, type ApiError } from '../../common/api-error.js';
import { qualifiedKey, type Relationship, type SchemaCache } from '../schema-types.js';
import { closestMatch } from './fuzzy-match.js';

type ForeignKey = Extract<Relationship, { kind: 'many-to-one' | 'one-to-many' | 'one-to-one' }>;

const isForeignKey = (rel: Relationship): rel is ForeignKey =>
  rel.kind === 'many-to-one' || rel.kind === 'one-to-many' || rel.kind === 'one-to-one';

/** The single column of the origin's side, when the key has one column. */
const singleOriginColumn = (rel: Relationship): string | undefined =>
  isForeignKey(rel) && rel.columns.length === 1 ? rel.columns[0][0] : undefined;

/** The single column of the target's side, when the key has one column. */
const singleTargetColumn = (rel: Relationship): string | undefined =>
  isForeignKey(rel) && rel.columns.length === 1 ? rel.columns[0][1] : undefined;

/** True when rows of `from` reach at most one row of `to`. */
export function isToOne(rel: Relationship): boolean {
  if (rel.kind === 'computed') return !rel.toMany;
  return rel.kind === 'many-to-one' || rel.kind === 'one-to-one';
}

/** The relationship `origin?select=target!hint(...)` means, in `schema`; throws PGRST200/201. */
export function findRelationship(cache: SchemaCache, schema: string, origin: string, target: string, hint: string | undefined): Relationship {
  const all = cache.relationships.get(qualifiedKey({ schema, name: origin })) ?? [];
  const targetIsView = (rel: Relationship): boolean => {
    const kind = cache.tables.get(qualifiedKey(rel.to))?.kind;
    return kind === 'view' || kind === 'materialized view';
  };
  const found = all.filter((rel) => {
    if (rel.kind === 'computed') return rel.function.name === target;
    if (rel.kind !== 'many-to-many' && rel.self) {
      // One self-referencing key gives two relationships; the table's name means the children
      // (one-to-many) and the key's column the parent (many-to-one), as PostgREST decides.
      if (hint === undefined) {
        return (rel.to.name === target && rel.kind === 'one-to-many')
          || (rel.kind === 'many-to-one' && singleOriginColumn(rel) === target);
      }
      return rel.to.name === target && rel.kind === 'one-to-many' && singleTargetColumn(rel) === hint;
    }
    if (hint === undefined) {
      return rel.to.name === target
        || (isForeignKey(rel) && !targetIsView(rel) && (rel.constraint === target || singleOriginColumn(rel) === target));
    }
    if (rel.to.name !== target) return false;
    if (rel.kind === 'many-to-many') return rel.junction.name === hint;
    return rel.constraint === hint || singleOriginColumn(rel) === hint || singleTargetColumn(rel) === hint;
  });
  if (found.length === 1) return found[0];
  if (found.length === 0) throw noRelationship(cache, schema, origin, target, hint);
  throw ambiguous(origin, target, found);
}

function noRelationship(cache: SchemaCache, schema: string, origin: string, target: string, hint: string | undefined): ApiError {
  const details = `Searched for a foreign key relationship between '${origin}' and '${target}${hint === undefined ? '' : `' using the hint '${hint}`}' in the schema '${schema}', but no matches were found.`;
  return restError(400, 'PGRST200', `Could not find a relationship between '${origin}' and '${target}' in the schema cache`, details, suggestion(cache, schema, origin, target));
}

/**
 * PostgREST's hint: a close name for the origin when it has no relationships at all, else a close
 * name among the origin's targets (never the target itself: then the hint was what failed).
 */
function suggestion(cache: SchemaCache, schema: string, origin: string, target: string): string | null {
  const own = cache.relationships.get(qualifiedKey({ schema, name: origin }));
  if (own === undefined) {
    const origins = [...cache.relationships.keys()].filter((key) => key.startsWith(`${schema}.`)).map((key) => key.slice(schema.length + 1));
    const match = closestMatch(origins, origin);
    return match === undefined ? null : `Perhaps you meant '${match}' instead of '${origin}'.`;
  }
  const match = closestMatch(own.map((rel) => rel.to.name), target, { excludeExact: true });
  return match === undefined ? null : `Perhaps you meant '${match}' instead of '${target}'.`;
}

function ambiguous(origin: string, target: string, rels: Relationship[]): ApiError {
  const columns = (names: string[]): string => `(${names.join(', ')})`;
  const details = rels.map((rel): Record<string, string> => {
    const embedding = `${rel.from.name} with ${rel.to.name}`;
    if (rel.kind === 'many-to-many') {
      return {
        cardinality: 'many-to-many',
        embedding,
        relationship: `${rel.junction.name} using ${rel.fromConstraint}${columns(rel.fromColumns.map((pair) => pair[1]))} and ${rel.toConstraint}${columns(rel.toColumns.map((pair) => pair[0]))}`,
      };
    }
    // Two computed relationships cannot share a name, so they are never among the candidates.
    if (rel.kind === 'computed') return {};
    return {
      cardinality: rel.kind,
      embedding,
      relationship: `${rel.constraint} using ${rel.from.name}${columns(rel.columns.map((pair) => pair[0]))} and ${rel.to.name}${columns(rel.columns.map((pair) => pair[1]))}`,
    };
  });
  const hints = rels.map((rel) => {
    if (rel.kind === 'computed') return '';
    const by = rel.kind === 'many-to-many' ? rel.junction.name : rel.constraint;
    return `'${rel.to.name}!${by}'`;
  });
  return restError(300, 'PGRST201', `Could not embed because more than one relationship was found for '${origin}' and '${target}'`,
    details, `Try changing '${target}' to one of the following: ${hints.join(', ')}. Find the desired relationship in the 'details' key.`);
}
