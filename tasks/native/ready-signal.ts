/**
 * A service process's word to the command that launched it that it answers now: one byte on a pipe
 * at fd 3, which the launcher opened for it, written once the server listens. The word comes from
 * the very process the launcher spawned, so the launcher takes it as the answer and sends no probe
 * (one HTTP round trip, 3-5 ms of every start); without a signal it would probe every 20 ms
 * while the process loads (the gateway loads for some 300 ms on a loaded machine: a dozen refused
 * connections, each with its error and stack trace, on the CLI's thread while it spawns the rest,
 * and up to 20 ms between answering and being seen to). A process that dies without a word closes
 * the pipe, which ends the wait as well.
 */
import { closeSync, writeSync } from 'node:fs';
import type { Readable } from 'node:stream';

/** The descriptor the word goes through, in the service's process. */
export const READY_FD = 3;

/** In the service: says it answers. A launcher gone meanwhile (EPIPE) is nobody waiting. */
export function signalReady(fd: number = READY_FD): void {
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
