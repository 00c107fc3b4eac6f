/**
 * The errors PostgREST v12.0.1 raises while planning a request, before any SQL runs: their codes,
 * statuses and texts are its (Error.hs); the SQL builder throws them as ApiErrors, so the HTTP
 * layer writes them as they are. Errors PostgREST leaves to the database (an unknown column in a
 * select, an unknown table on a read) are not here: the statement runs and PostgreSQL says so.
 */
import { restError, type ApiError } from '../../common/api-error.js';

/** PGRST100: a query parameter PostgREST cannot read (a cast with characters it does not take). */
export function queryParamError(message: string, details: string): ApiError {
  return restError(400, 'PGRST100', message, details);
}

/** PGRST105: PUT's filters must be `eq` on exactly the primary key columns. */
export function invalidPutFilters(): ApiError {
  return restError(405, 'PGRST105', "Filters must include all and only primary key columns with 'eq' operators");
}

/** PGRST108: a filter, order or limit names an embed the select does not have. */
export function notEmbedded(resource: string): ApiError {
  return restError(400, 'PGRST108', `'${resource}' is not an embedded resource in this request`, null,
    `Verify that '${resource}' is included in the 'select' query parameter.`);
}

/** PGRST118: ordering by a column of an embed that is not to-one. */
export function relatedOrderNotToOne(origin: string, target: string): ApiError {
  return restError(400, 'PGRST118', `A related order on '${target}' is not possible`,
    `'${origin}' and '${target}' do not form a many-to-one or one-to-one relationship`);
}

/** PGRST119: spreading (`...`) an embed that is not to-one. */
export function spreadNotToOne(origin: string, target: string): ApiError {
  return restError(400, 'PGRST119', `A spread operation on '${target}' is not possible`,
    `'${origin}' and '${target}' do not form a many-to-one or one-to-one relationship`);
}

/** PGRST204: a written column the relation does not have. */
export function columnNotFound(relation: string, column: string): ApiError {
  return restError(400, 'PGRST204', `Column '${column}' of relation '${relation}' does not exist`);
}

/** PGRST123: aggregates (`col.sum()`, `count()`), which v12.0.1 refuses while db-aggregates-enabled is off, as the original's stack leaves it. */
export function aggregatesNotAllowed(): ApiError {
  return restError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
}
