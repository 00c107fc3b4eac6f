/**
 * The HTTP requests a CLI process makes, as seen from inside it: a preload (NODE_OPTIONS
 * --require) subscribes to node:http's and fetch's diagnostics channels and appends each request's
 * URL to a file. The CLI passes neither variable on to the services it launches, so only its own
 * requests are listed.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const HOOK = `const channel = require('node:diagnostics_channel');
const { appendFileSync } = require('node:fs');
const note = (url) => appendFileSync(process.env.CLI_REQUEST_LOG, url + '\\n');
channel.subscribe('http.client.request.start', ({ request }) => note('http://' + request.getHeader('host') + request.path));
channel.subscribe('undici:request:create', ({ request }) => note(request.origin + request.path));
`;

export interface CliRequests {
  /** Environment that makes a CLI process list its requests. */
  env: NodeJS.ProcessEnv;
  /** The URLs requested so far, in order. */
  urls(): string[];
}

/** Lists requests in files of `folder` (the hook and its log). */
export function cliRequests(folder: string): CliRequests {
  const hook = path.join(folder, 'cli-request-hook.cjs');
  const log = path.join(folder, 'cli-requests.log');
  writeFileSync(hook, HOOK);
  return {
    env: { NODE_OPTIONS: `--require ${hook}`, CLI_REQUEST_LOG: log },
    urls: () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : []),
  };
}
