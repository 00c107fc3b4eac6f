/**
 * `supabase login`. Where the token comes from depends on stdin alone: piped, only
 * stdin is read; a terminal takes --token, then SUPABASE_ACCESS_TOKEN, then the browser sign-in.
 */
import type { CommandContext } from '../context.js';
import { UserError } from '../errors.js';
import { stdinIsTerminal } from '../prompt.js';

const LOGGED_IN = 'You are now logged in. Happy coding!\n';
const NO_TOKEN =
  'Cannot use automatic login flow inside non-TTY environments. Please provide --token flag or set the SUPABASE_ACCESS_TOKEN environment variable.';

/** Saves a token and greets. */
export default async function run(ctx: CommandContext): Promise<number | void> {
  const terminal = stdinIsTerminal(ctx);
  let token = '';
  if (!terminal) token = (await ctx.io.readStdin()).trim();
  else if (ctx.changed.has('token')) token = String(ctx.flags.token ?? '');
  else token = ctx.env.SUPABASE_ACCESS_TOKEN ?? '';
  if (token) {
    await save(ctx, token).catch((error: Error) => {
      throw new UserError(`cannot save provided token: ${error.message}`, undefined, { cause: error });
    });
    ctx.io.stdout(LOGGED_IN);
    return;
  }
  if (!terminal) throw new UserError(NO_TOKEN);
  await browserLogin(ctx);
}

async function save(ctx: CommandContext, token: string): Promise<void> {
  const { saveAccessToken } = await import('../../tasks/management-api/access-token.js');
  const where = await saveAccessToken(token, ctx.env);
  ctx.log.debug(where.kind === 'keyring' ? 'saved the access token in the OS keyring' : `saved the access token to ${where.path}`);
}

/** Signs in through the dashboard and saves the token it sends back, encrypted for this process. */
async function browserLogin(ctx: CommandContext): Promise<void> {
  const login = await import('../../tasks/management-api/browser-login.js');
  const { apiHost, dashboardUrl } = await import('../../tasks/management-api/client/hosts.js');
  const session = login.newLoginSession();
  const name = ctx.changed.has('name') ? String(ctx.flags.name ?? '') : login.defaultTokenName();
  const link = login.loginPageUrl(dashboardUrl(ctx.env), session, name);
  const openBrowser = !ctx.changed.has('no-browser') && ctx.io.interactive;
  if (openBrowser) {
    ctx.io.stdout('Hello from Supabase! Press Enter to open browser and login automatically.\n');
    await waitForEnter();
    ctx.io.stdout(`Here is your login link in case browser did not open ${link}\n\n`);
    const { openInBrowser } = await import('../../tasks/management-api/open-browser.js');
    await openInBrowser(link).catch((error: Error) => ctx.io.stderr(`Could not open a browser (${error.message}); open the link above yourself.\n`));
  } else {
    ctx.io.stdout(`Here is your login link, open it in the browser ${link}\n\n`);
  }
  ctx.io.stderr('Your token is now being generated and securely encrypted. Waiting for it to arrive...\n');
  const sealed = await login.pollForToken(apiHost(ctx.env), session.id, { debug: (line) => ctx.log.debug(line) });
  await save(ctx, login.decryptToken(session, sealed));
  ctx.io.stdout(`Token ${name} created successfully.\n\n`);
  ctx.io.stdout(LOGGED_IN);
}

async function waitForEnter(): Promise<void> {
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: process.stdin, terminal: false });
  try {
    await new Promise<void>((resolve) => {
      rl.once('line', () => resolve());
      rl.once('close', () => resolve());
    });
  } finally {
    rl.close();
  }
}
