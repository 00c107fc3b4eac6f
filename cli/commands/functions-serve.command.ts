/**
 * `functions serve`: serves every function of supabase/functions next to the running
 * local stack until Ctrl-C (or until the stack stops), streaming the functions' logs. On the docker
 * runtime that is the edge-runtime container, as the original runs it; on the native runtime a
 * router of ours on the API port with a Deno process per function.
 */
import type { CommandContext } from '../context.js';
import { UserError } from '../errors.js';
import { openStack, type StackSession } from '../stack/stack-session.js';
import { handleSignalsItself } from '../../tasks/orchestration/interrupts.js';

export default async function run(ctx: CommandContext): Promise<number> {
  const session = await openStack(ctx);
  if (!session.reality.running || !session.reality.healthy) {
    throw new UserError('supabase start is not running.', 'Run supabase start first, then supabase functions serve.');
  }
  const { loadFunctionsEnv } = await import('../../tasks/functions/functions-env.js');
  const { fallbackImportMap, flagImportMap } = await import('../../tasks/functions/import-map-file.js');
  const { servedFunctions } = await import('../../tasks/functions/served-functions.js');
  const { root, config } = session.project;
  const userEnv = loadFunctionsEnv(root, stringFlag(ctx, 'env-file'), session.project.env);
  for (const value of Object.values(userEnv.vars)) ctx.log.conceal(value);
  const serve = {
    // As in the original, the flag counts only when given; otherwise config.toml decides per function.
    noVerifyJwt: ctx.changed.has('no-verify-jwt') ? ctx.flags['no-verify-jwt'] === true : undefined,
    flagImportMap: flagImportMap(root, stringFlag(ctx, 'import-map')),
    fallbackImportMap: fallbackImportMap(root),
  };
  // Bad per-function import maps fail here, before anything starts.
  servedFunctions(root, config, serve);
  ctx.io.stderr('Setting up Edge Functions runtime...\n');
  const log = { stdout: (line: string) => ctx.io.stdout(`${line}\n`), stderr: (line: string) => ctx.io.stderr(`${line}\n`) };

  if (session.runtime.name === 'docker') {
    const { serveOnDocker } = await import('../../tasks/functions/docker/serve-docker.js');
    await serveOnDocker({ root, config, env: session.project.env, userEnv: userEnv.vars, serve, debug: ctx.globals.debug, log, until: stopSignal(session) });
  } else {
    const { serveNatively } = await import('../../tasks/functions/native/serve-native.js');
    const handle = await serveNatively({ root, config, processEnv: session.project.env, userEnv: userEnv.vars, serve, log });
    // The lines the original's router prints when it listens (there, Deno's version inside the image).
    ctx.io.stdout(`Serving functions on ${handle.url}/<function-name>\nUsing ${handle.deno}\n`);
    const reason = await stopSignal(session);
    if (!reason.startsWith('SIG')) ctx.io.stderr(`Stopping: ${reason}.\n`);
    await handle.close();
  }
  ctx.io.stdout('Stopped serving supabase/functions\n');
  return 0;
}

function stringFlag(ctx: CommandContext, name: string): string | undefined {
  const value = ctx.flags[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Resolves on Ctrl-C or SIGTERM, or when the local database stops (`supabase stop` in another
 * terminal), with the reason.
 */
function stopSignal(session: StackSession): Promise<string> {
  return new Promise((resolve) => {
    const giveBack = handleSignalsItself();
    const finish = (reason: string) => {
      giveBack();
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      clearInterval(timer);
      resolve(reason);
    };
    const onSignal = (signal: NodeJS.Signals) => finish(signal);
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    const timer = setInterval(() => {
      session.runtime.reality(session.project).then(
        (reality) => !reality.running && finish('the local database stopped'),
        () => undefined,
      );
    }, 2_000);
  });
}
