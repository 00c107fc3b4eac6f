/**
 * auth.mfa_factors and auth.mfa_challenges as GoTrue v2.132.3's Factor and Challenge models write
 * them: a factor starts `unverified` with its TOTP secret (never answered), becomes `verified` on
 * its first good code; a challenge remembers the address that asked for it and when it was
 * verified. A factor's JSON is the model's (id, created_at, updated_at, status, friendly_name when
 * set, factor_type), which the user JSON lists as `factors` and gotrue-js reads for the next level.
 */
import { randomUUID } from 'node:crypto';
import type { AuthDb } from '../auth-db.js';
import { goTime, sqlTime } from './go-time.js';

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  secret: string | null;
  created_at: string;
  updated_at: string;
}

export interface ChallengeRow {
  id: string;
  factor_id: string;
  ip_address: string;
  verified: boolean;
  /** Unix seconds of created_at, the start of its expiry. */
  created_unix: number;
}

const FACTOR_COLUMNS = ['id', 'user_id', 'friendly_name', 'factor_type::text', 'status::text', 'secret', sqlTime('created_at'), sqlTime('updated_at')].join(', ');

/** The Factor model's JSON, its members in the Go struct's order. */
export function factorJson(row: FactorRow): Record<string, unknown> {
  return {
    id: row.id,
    created_at: goTime(row.created_at),
    updated_at: goTime(row.updated_at),
    status: row.status,
    friendly_name: row.friendly_name || undefined,
    factor_type: row.factor_type,
  };
}

/** GoTrue's FindFactorsByUser: oldest first. */
export async function factorsOf(db: AuthDb, userId: string): Promise<FactorRow[]> {
  const { rows } = await db.query<FactorRow>(`select ${FACTOR_COLUMNS} from auth.mfa_factors where user_id = $1 order by created_at asc`, [userId]);
  return rows;
}

export async function findFactor(db: AuthDb, id: string): Promise<FactorRow | undefined> {
  const { rows } = await db.query<FactorRow>(`select ${FACTOR_COLUMNS} from auth.mfa_factors where id = $1`, [id]);
  return rows[0];
}

/** GoTrue's NewFactor + Create: unverified, with its secret. */
export async function insertFactor(db: AuthDb, userId: string, friendlyName: string, factorType: string, secret: string): Promise<FactorRow> {
  const id = randomUUID();
  await db.query(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values ($1, $2, $3, $4, 'unverified', clock_timestamp(), clock_timestamp(), $5)`,
    [id, userId, friendlyName, factorType, secret],
  );
  return (await findFactor(db, id))!;
}

/** One UpdateOnly of a factor's column (status, friendly_name or factor_type) with updated_at. */
export async function updateFactorColumn(db: AuthDb, id: string, column: 'status' | 'friendly_name' | 'factor_type', value: string): Promise<void> {
  const cast = column === 'status' ? '::auth.factor_status' : column === 'factor_type' ? '::auth.factor_type' : '';
  await db.query(`update auth.mfa_factors set ${column} = $2${cast}, updated_at = clock_timestamp() where id = $1`, [id, value]);
}

export async function deleteFactor(db: AuthDb, id: string): Promise<void> {
  await db.query('delete from auth.mfa_factors where id = $1', [id]);
}

/** GoTrue's DeleteUnverifiedFactors, once a factor is verified. */
export async function deleteUnverifiedFactors(db: AuthDb, userId: string): Promise<void> {
  await db.query("delete from auth.mfa_factors where user_id = $1 and status = 'unverified'", [userId]);
}

/**
 * GoTrue's DowngradeSessionsToAAL1 for an unenrolled factor: the sessions it raised lose the
 * factor's AMR claim, go back to aal1 and forget the factor.
 */
export async function downgradeFactorSessions(db: AuthDb, factor: FactorRow): Promise<void> {
  await db.query(
    'delete from auth.mfa_amr_claims where authentication_method = $2 and session_id in (select id from auth.sessions where factor_id = $1)',
    [factor.id, factor.factor_type],
  );
  await db.query("update auth.sessions set aal = 'aal1', factor_id = null where user_id = $1 and factor_id = $2", [factor.user_id, factor.id]);
}

/** GoTrue's NewChallenge + Create. */
export async function insertChallenge(db: AuthDb, factorId: string, ip: string): Promise<ChallengeRow> {
  const id = randomUUID();
  await db.query('insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, clock_timestamp(), $3::inet)', [id, factorId, ip]);
  return (await findChallenge(db, id))!;
}

export async function findChallenge(db: AuthDb, id: string): Promise<ChallengeRow | undefined> {
  const { rows } = await db.query<ChallengeRow>(
    `select id, factor_id, host(ip_address) as ip_address, verified_at is not null as verified,
            floor(extract(epoch from created_at))::float8 as created_unix
       from auth.mfa_challenges where id = $1`,
    [id],
  );
  return rows[0];
}

export async function markChallengeVerified(db: AuthDb, id: string): Promise<void> {
  await db.query('update auth.mfa_challenges set verified_at = clock_timestamp() where id = $1', [id]);
}

export async function deleteChallenge(db: AuthDb, id: string): Promise<void> {
  await db.query('delete from auth.mfa_challenges where id = $1', [id]);
}
