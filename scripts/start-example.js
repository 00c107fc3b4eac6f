// `npm start`: runs the local stack for the bundled example (examples/user-management) with this
// build of the CLI, points the example's app at it (app/.env.local, from `supabase status -o env`)
// and prints how to open the app. The env file is the Vite way to hand the app its API URL and anon
// key; it is written only when absent or written by this script before, so an app pointed at a
// hosted project by hand stays pointed there. The example's avatar clean-up reaches Storage
// through two settings (examples/user-management/README.md); they are stored for this stack's
// API, as the README tells a project to, so replacing an avatar deletes the old file.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const bin = fileURLToPath(new URL('../bin/supabase.js', import.meta.url));
const example = fileURLToPath(new URL('../examples/user-management', import.meta.url));
const envFile = fileURLToPath(new URL('../examples/user-management/app/.env.local', import.meta.url));
const MARKER = '# Written by `npm start`';

const supabase = (args, options) => spawnSync(process.execPath, [bin, ...args, '--workdir', example], options);

const started = supabase(['start', ...process.argv.slice(2)], { stdio: 'inherit' });
if (started.status !== 0) process.exit(started.status ?? 1);

// The names the app reads (app/src/main.tsx), straight from status so the keys are never re-typed.
const status = supabase(
  ['status', '-o', 'env', '--override-name', 'api.url=VITE_SUPABASE_URL', '--override-name', 'auth.anon_key=VITE_SUPABASE_ANON_KEY'],
  { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
);
if (status.status !== 0) process.exit(status.status ?? 1);
const lines = status.stdout.split('\n');
const variables = lines.filter((line) => /^VITE_SUPABASE_(URL|ANON_KEY)=/.test(line));
const value = (name) => (lines.find((line) => line.startsWith(`${name}=`)) ?? '').slice(name.length + 1).replace(/^"|"$/g, '');

// Vault secrets, the first place the clean-up looks: read at each call, so the API's pooled
// connections, opened before this, see them too (a database setting reaches only new sessions).
const db = new pg.Client({ connectionString: value('DB_URL') });
await db.connect();
try {
  await db.query(`delete from vault.secrets where name in ('project_url', 'service_role_key')`);
  await db.query(`select vault.create_secret($1, 'project_url'), vault.create_secret($2, 'service_role_key')`, [value('VITE_SUPABASE_URL'), value('SERVICE_ROLE_KEY')]);
} finally {
  await db.end();
}

const ours = !existsSync(envFile) || readFileSync(envFile, 'utf8').startsWith(MARKER);
if (ours) writeFileSync(envFile, `${MARKER} from \`supabase status -o env\` of examples/user-management.\n${variables.join('\n')}\n`);

const guide = [
  '',
  'The example app (examples/user-management/app) against this stack:',
  ours
    ? '  examples/user-management/app/.env.local now holds its API URL and anon key:'
    : '  examples/user-management/app/.env.local was written by hand and is kept; for this stack it would hold:',
  ...variables.map((line) => `    ${line}`),
  '  npm run dev -w examples/user-management/app        # the dev server on http://127.0.0.1:3000',
  '  npm run build -w examples/user-management/app && npm run preview -w examples/user-management/app   # or the built files, on the same address',
  '  Sign in with a magic link: its mail lands in the mail catcher, whose web inbox is the Inbucket URL above.',
  'Stop the stack with: node bin/supabase.js stop --workdir examples/user-management',
];
process.stdout.write(`${guide.join('\n')}\n`);
