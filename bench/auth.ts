/**
 * The native Auth API through the gateway against its floor: a password sign-in and a token refresh,
 * each as p50 latency (one request at a time on a kept-alive connection) and requests per second
 * (bursts with several in flight), interleaved round after round so a busy moment weighs on both
 * alike, each printed as a ratio to the floor. The floor runs the statements the service runs for
 * the same grant (its own store functions, in one transaction) through `pg`, plus, for the
 * sign-in, one bcrypt compare at GoTrue's cost (10), the work no implementation can skip; what the
 * service adds is HTTP, the gateway's key check, body decoding and signing the access token.
 * Needs `npm run build` first.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inTransaction, type AuthDb } from '../tasks/api/auth/auth-db.js';
import { passwordMatches } from '../tasks/api/auth/password.js';
import { actorOf } from '../tasks/api/auth/routes/signup.js';
import { audit } from '../tasks/api/auth/store/audit-log.js';
import { factorsOf } from '../tasks/api/auth/store/factors.js';
import { identitiesOf } from '../tasks/api/auth/store/identities.js';
import { findRefreshToken, insertRefreshToken, revokeRefreshToken } from '../tasks/api/auth/store/refresh-tokens.js';
import { aalAndAmr, addAmrClaim, createSession, findSession, touchSessionRefresh } from '../tasks/api/auth/store/sessions.js';
import { findUserByEmail, findUserById, touchLastSignIn } from '../tasks/api/auth/store/users.js';
import { median, report } from './measure.js';
import { withPortsAround } from './project-ports.js';

const bin = fileURLToPath(new URL('../bin/supabase.js', import.meta.url));
const home = mkdtempSync(join(tmpdir(), 'bench-auth-home-'));
chmodSync(home, 0o755);
const env = { ...process.env, SUPABASE_NATIVE_HOME: home, SUPABASE_RUNTIME: 'native' };
const LATENCY_ROUNDS = 60;
const THROUGHPUT_ROUNDS = 3;
const BURST = 48;
const IN_FLIGHT = 4;
const EMAIL = 'bench@example.com';
const PASSWORD = 'bench-password-1';
const CLIENT = { userAgent: 'bench', ip: '127.0.0.1' };

function cli(folder: string, ...args: string[]): string {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: folder, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) throw new Error(`supabase ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

function project(port: number): string {
  const folder = mkdtempSync(join(tmpdir(), 'bench-auth-'));
  cli(folder, 'init');
  const config = join(folder, 'supabase', 'config.toml');
  writeFileSync(config, withPortsAround(readFileSync(config, 'utf8'), port));
  return folder;
}

/** One JSON request through the gateway on a kept-alive connection: its status and body. */
function post(agent: http.Agent, port: number, key: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const headers = { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
    const request = http.request({ host: '127.0.0.1', port, path, method: 'POST', agent, headers }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => {
        if ((response.statusCode ?? 500) >= 300) reject(new Error(`POST ${path}: ${response.statusCode} ${text}`));
        else resolve(JSON.parse(text) as Record<string, unknown>);
      });
    });
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

/** What every grant answers after its writes: the session's claims, the user, identities and factors. */
async function tokenReads(tx: AuthDb, userId: string, sessionId: string): Promise<void> {
  await aalAndAmr(tx, sessionId);
  await findUserById(tx, userId);
  await identitiesOf(tx, userId);
  await factorsOf(tx, userId);
}

/** The floor of a password sign-in: the service's statements and one bcrypt compare; answers the refresh token. */
async function floorSignIn(pool: pg.Pool): Promise<string> {
  const user = (await findUserByEmail(pool, EMAIL, 'authenticated'))!;
  if (!(await passwordMatches(user.encrypted_password, PASSWORD))) throw new Error('the floor compared a wrong password');
  return inTransaction(pool, async (tx) => {
    await audit(tx, actorOf(user), 'login', { provider: 'email' });
    const sessionId = await createSession(tx, user.id, CLIENT);
    const token = await insertRefreshToken(tx, user.id, sessionId, null);
    await touchLastSignIn(tx, user.id);
    await addAmrClaim(tx, sessionId, 'password');
    await tokenReads(tx, user.id, sessionId);
    return token;
  });
}

/** The floor of a refresh: the service's checks before and inside its transaction, the swap, the reads. */
async function floorRefresh(pool: pg.Pool, refreshToken: string): Promise<string> {
  const before = (await findRefreshToken(pool, refreshToken, false))!;
  await findUserById(pool, before.user_id);
  await findSession(pool, before.session_id!);
  return inTransaction(pool, async (tx) => {
    const token = (await findRefreshToken(tx, refreshToken, true))!;
    const user = (await findUserById(tx, token.user_id))!;
    await findSession(tx, token.session_id!);
    await audit(tx, actorOf(user), 'token_refreshed');
    await audit(tx, actorOf(user), 'token_revoked');
    await revokeRefreshToken(tx, token.id);
    const issued = await insertRefreshToken(tx, user.id, token.session_id!, token.token);
    await touchSessionRefresh(tx, token.session_id!, CLIENT);
    await tokenReads(tx, user.id, token.session_id!);
    return issued;
  });
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const began = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - began) / 1e6;
}

/** Requests per second of `count` requests, `inFlight` at once, each worker keeping its own state. */
async function burst(count: number, inFlight: number, worker: () => () => Promise<unknown>): Promise<number> {
  let next = 0;
  const run = async () => {
    const one = worker();
    while (next++ < count) await one();
  };
  const ms = await timed(() => Promise.all(Array.from({ length: inFlight }, run)));
  return (count / ms) * 1000;
}

/** A refresh chain: each call spends the last token and keeps the one it gets. */
function chain(first: string, refresh: (token: string) => Promise<string>): () => Promise<void> {
  let token = first;
  return async () => {
    token = await refresh(token);
  };
}

const folder = project(26822);
const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
let pool: pg.Pool | undefined;
try {
  cli(folder, 'start');
  const status = JSON.parse(cli(folder, 'status', '-o', 'json')) as Record<string, string>;
  const apiPort = Number(new URL(status.API_URL).port);
  const anon = status.ANON_KEY;
  await post(agent, apiPort, status.SERVICE_ROLE_KEY, '/auth/v1/admin/users', { email: EMAIL, password: PASSWORD, email_confirm: true });
  // The floor's pool: as many connections as the service's.
  pool = new pg.Pool({ connectionString: status.DB_URL, max: 3 });
  const db = pool;

  const viaAuthSignIn = async () => String((await post(agent, apiPort, anon, '/auth/v1/token?grant_type=password', { email: EMAIL, password: PASSWORD })).refresh_token);
  const viaAuthRefresh = async (token: string) => String((await post(agent, apiPort, anon, '/auth/v1/token?grant_type=refresh_token', { refresh_token: token })).refresh_token);
  const viaPgSignIn = () => floorSignIn(db);
  const viaPgRefresh = (token: string) => floorRefresh(db, token);

  for (let round = 0; round < 5; round++) await Promise.all([viaAuthRefresh(await viaAuthSignIn()), viaPgRefresh(await viaPgSignIn())]);
  const signIn = { auth: [] as number[], floor: [] as number[] };
  const refresh = { auth: [] as number[], floor: [] as number[] };
  const authChain = chain(await viaAuthSignIn(), viaAuthRefresh);
  const floorChain = chain(await viaPgSignIn(), viaPgRefresh);
  for (let round = 0; round < LATENCY_ROUNDS; round++) {
    signIn.auth.push(await timed(viaAuthSignIn));
    signIn.floor.push(await timed(viaPgSignIn));
    refresh.auth.push(await timed(authChain));
    refresh.floor.push(await timed(floorChain));
  }
  const signInRate = { auth: [] as number[], floor: [] as number[] };
  const refreshRate = { auth: [] as number[], floor: [] as number[] };
  for (let round = 0; round < THROUGHPUT_ROUNDS; round++) {
    signInRate.auth.push(await burst(BURST, IN_FLIGHT, () => viaAuthSignIn));
    signInRate.floor.push(await burst(BURST, IN_FLIGHT, () => viaPgSignIn));
    const authFirsts = await Promise.all(Array.from({ length: IN_FLIGHT }, viaAuthSignIn));
    const floorFirsts = await Promise.all(Array.from({ length: IN_FLIGHT }, viaPgSignIn));
    refreshRate.auth.push(await burst(BURST * 4, IN_FLIGHT, () => chain(authFirsts.pop()!, viaAuthRefresh)));
    refreshRate.floor.push(await burst(BURST * 4, IN_FLIGHT, () => chain(floorFirsts.pop()!, viaPgRefresh)));
  }
  for (const [name, latency, rate] of [['password sign-in', signIn, signInRate], ['token refresh', refresh, refreshRate]] as const) {
    const [p50, floor50] = [median(latency.auth), median(latency.floor)];
    const [rps, floorRps] = [median(rate.auth), median(rate.floor)];
    console.log(`\n${name}`);
    report(`  p50 through the gateway (floor ${floor50.toFixed(2)} ms)`, p50, `ms = ${(p50 / floor50).toFixed(2)}x floor`);
    report(`  requests/s, ${IN_FLIGHT} in flight (floor ${floorRps.toFixed(0)})`, rps, `req/s = ${((rps / floorRps) * 100).toFixed(0)}% of floor`);
  }
} finally {
  agent.destroy();
  await pool?.end();
  spawnSync(process.execPath, [bin, 'stop', '--no-backup'], { cwd: folder, env, stdio: 'ignore' });
  rmSync(folder, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
}
