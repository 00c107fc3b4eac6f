/**
 * The admin API on a user's MFA factors as GoTrue v2.132.3 answers it, behind requireAdmin:
 * GET /admin/users/:user_id/factors lists them (oldest first, as the Factor model's JSON),
 * PUT .../factors/:factor_id changes `friendly_name` and `factor_type` (only `totp` exists) and
 * DELETE removes one, each answering the factor and audited (GoTrue names the user, not the admin,
 * as the actor of a delete). The factor is found by its id alone, as GoTrue's loadFactor finds it.
 */
import { inTransaction } from '../auth-db.js';
import { badRequest, notFound } from '../auth-error.js';
import { isUuid } from '../auth-guards.js';
import type { AdminCaller, AuthReply, RouteContext } from '../auth-state.js';
import { audit } from '../store/audit-log.js';
import { deleteFactor, factorJson, factorsOf, findFactor, updateFactorColumn, type FactorRow } from '../store/factors.js';
import { findUserById, type UserRow } from '../store/users.js';
import { actorOf } from './signup.js';

/** GoTrue's loadUser, then (for a factor's route) its loadFactor. */
async function loadUserAndFactor(context: RouteContext<AdminCaller>, withFactor: true): Promise<{ user: UserRow; factor: FactorRow }>;
async function loadUserAndFactor(context: RouteContext<AdminCaller>, withFactor: false): Promise<{ user: UserRow }>;
async function loadUserAndFactor(context: RouteContext<AdminCaller>, withFactor: boolean): Promise<{ user: UserRow; factor?: FactorRow }> {
  const { params } = context.request;
  const userId = params.user_id ?? '';
  if (!isUuid(userId)) throw badRequest('user_id must be an UUID');
  const user = await findUserById(context.state.pool, userId);
  if (!user) throw notFound('User not found');
  if (!withFactor) return { user };
  const factorId = params.factor_id ?? '';
  if (!isUuid(factorId)) throw badRequest('factor_id must be an UUID');
  const factor = await findFactor(context.state.pool, factorId);
  if (!factor) throw notFound('Factor not found');
  return { user, factor };
}

export async function adminListFactors(context: RouteContext<AdminCaller>): Promise<AuthReply> {
  const { user } = await loadUserAndFactor(context, false);
  return { status: 200, body: (await factorsOf(context.state.pool, user.id)).map(factorJson) };
}

/** adminUserUpdateFactorParams: read with json.Unmarshal, whose error GoTrue quotes. */
function updateParams(body: string): { friendly_name: string; factor_type: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw badRequest(`Could not read factor update params: ${body.trim() ? 'invalid character looking for beginning of value' : 'unexpected end of JSON input'}`);
  }
  const record = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  const text = (name: string): string => {
    const key = Object.keys(record).find((candidate) => candidate.toLowerCase() === name);
    const value = key === undefined ? undefined : record[key];
    if (value === undefined || value === null) return '';
    if (typeof value !== 'string') throw badRequest(`Could not read factor update params: json: cannot unmarshal ${typeof value} into Go struct field adminUserUpdateFactorParams.${name} of type string`);
    return value;
  };
  return { friendly_name: text('friendly_name'), factor_type: text('factor_type') };
}

export async function adminUpdateFactor(context: RouteContext<AdminCaller>): Promise<AuthReply> {
  const { user, factor } = await loadUserAndFactor(context, true);
  const params = updateParams(context.request.body);
  await inTransaction(context.state.pool, async (tx) => {
    if (params.friendly_name) await updateFactorColumn(tx, factor.id, 'friendly_name', params.friendly_name);
    if (params.factor_type) {
      if (params.factor_type !== 'totp') throw badRequest('Factor Type not valid');
      await updateFactorColumn(tx, factor.id, 'factor_type', params.factor_type);
    }
    await audit(tx, context.caller.actor, 'factor_updated', { user_id: user.id, factor_id: factor.id, factor_type: params.factor_type || factor.factor_type });
  });
  return { status: 200, body: factorJson((await findFactor(context.state.pool, factor.id))!) };
}

export async function adminDeleteFactor(context: RouteContext<AdminCaller>): Promise<AuthReply> {
  const { user, factor } = await loadUserAndFactor(context, true);
  await inTransaction(context.state.pool, async (tx) => {
    await audit(tx, actorOf(user), 'factor_deleted', { user_id: user.id, factor_id: factor.id });
    await deleteFactor(tx, factor.id);
  });
  return { status: 200, body: factorJson(factor) };
}
