/**
 * A service process's word to the command that launched it that it answers now: one byte on a pipe
 * at fd 3, which the launcher opened for it, written once the server listens. The word comes from
 * the very process the launcher spawned, so the launcher takes it as the answer and sends no probe
 * (one HTTP round trip, 3-5 ms of every start); without a signal it would probe every 20 ms
 * while the process loads (the gateway loads for some 300 ms on a loaded machine: a dozen refused
 * connections, each with its error and stack trace, on the CLI's thread while it spawns the rest,
 * and up to 20 ms between answering and being seen to). A process that dies without a word closes
 * the pipe, which ends the wait as well.
 *
 * The launcher names the descriptor in the child's environment (READY_FD_VARIABLE), so that every
 * service finds it the same way and one started otherwise (by hand, by a test) writes nothing: Node
 * itself uses low descriptors, and fd 3 of a process without the pipe is one of them.
 */
import { closeSync, writeSync } from 'node:fs';
import type { Readable } from 'node:stream';

/** The descriptor the word goes through, in the service's process. */
export const READY_FD = 3;

/** The variable through which the launcher tells the service that READY_FD is its pipe. */
export const READY_FD_VARIABLE = 'SUPABASE_READY_FD';

/**
 * In the service: says it answers, when its launcher opened a pipe for the word (a launcher gone
 * meanwhile, EPIPE, is nobody waiting); nothing otherwise.
 */
export function signalReady(env: NodeJS.ProcessEnv = process.env): void {
  const raw = env[READY_FD_VARIABLE];
  if (raw === undefined) return;
  const fd = Number(raw);
  try {
    writeSync(fd, '\n');
  } catch {
    // The launcher ended first; the supervisor's probes find the process answering anyway.
  }
  try {
    closeSync(fd);
  } catch {
    // Already closed.
  }
}

/**
 * In the launcher: resolves true when the process behind `pipe` has said it answers, false when it
 * closed the pipe without a word (it exited, or a build older than the signal), whichever comes
 * first. The pipe never keeps the launcher's event loop alive.
 */
export function readyWord(pipe: Readable): Promise<boolean> {
  (pipe as Readable & { unref?: () => void }).unref?.();
  return new Promise((resolve) => {
    const done = (said: boolean) => () => {
      pipe.destroy();
      resolve(said);
    };
    pipe.once('data', done(true));
    pipe.once('end', done(false));
    pipe.once('error', done(false));
    pipe.once('close', done(false));
  });
}
