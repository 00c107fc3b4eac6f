/**
 * The Deno program that hosts one function for the native `functions serve`. It takes over
 * Deno.serve before the function's module loads, so the function's own `Deno.serve(handler)`
 * listens on a free loopback port that only the router knows, then announces that port on stdout
 * as one marked line (the router strips it from the logs). Everything else the function prints
 * passes through untouched.
 *
 * It is JavaScript in a string because Deno, not Node, runs it: the router writes it to a file
 * named by its content hash (so concurrent versions never clash) and passes that file to `deno run`.
 */
import { createHash } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Environment variables the bootstrap reads, then deletes before the function runs. */
export const ENTRY_VARIABLE = 'SUPABASE_INTERNAL_FUNCTION_ENTRY';
export const TOKEN_VARIABLE = 'SUPABASE_INTERNAL_FUNCTION_TOKEN';

/** The first character of the announcement line (ASCII record separator), never printed by accident. */
export const ANNOUNCE_MARK = '\u001e';

const SOURCE = `// Written by the supabase CLI: hosts one Edge Function for \`supabase functions serve\`.
const entry = Deno.env.get(${JSON.stringify(ENTRY_VARIABLE)});
const token = Deno.env.get(${JSON.stringify(TOKEN_VARIABLE)});
Deno.env.delete(${JSON.stringify(ENTRY_VARIABLE)});
Deno.env.delete(${JSON.stringify(TOKEN_VARIABLE)});

// The router holds this process's stdin open; when it closes (serve ended, even by kill -9), so does this process.
(async () => {
  const reader = Deno.stdin.readable.getReader();
  while (!(await reader.read()).done);
  Deno.exit(0);
})();

const realServe = Deno.serve.bind(Deno);
let serving = false;

Deno.serve = function (first, second) {
  if (serving) throw new Error("Deno.serve was called twice: an Edge Function serves all its requests from one handler");
  serving = true;
  const options = typeof first === "object" && first !== null ? first : {};
  const handler = typeof first === "function" ? first : typeof second === "function" ? second : options.handler;
  // Where to listen is the router's choice; the function keeps its other options (onError, signal).
  const { handler: _handler, port: _port, hostname: _hostname, path: _path, cert: _cert, key: _key, onListen, ...rest } = options;
  return realServe({
    ...rest,
    hostname: "127.0.0.1",
    port: 0,
    onListen(address) {
      Deno.stdout.writeSync(new TextEncoder().encode(${JSON.stringify(ANNOUNCE_MARK)} + token + " " + address.port + "\\n"));
      if (typeof onListen === "function") onListen(address);
    },
  }, handler);
};

await import(entry);
if (!serving) {
  console.error("error: " + entry + " did not call Deno.serve. An Edge Function answers requests with Deno.serve(handler).");
  Deno.exit(1);
}
`;

/** Writes the bootstrap once per content version and returns its path. */
export async function writeBootstrap(): Promise<string> {
  const hash = createHash('sha256').update(SOURCE).digest('hex').slice(0, 16);
  // One folder per user: another user's folder of the same name would not be writable.
  const dir = path.join(os.tmpdir(), `supabase-functions-${process.getuid?.() ?? 'user'}`);
  const file = path.join(dir, `bootstrap-${hash}.js`);
  await mkdir(dir, { recursive: true });
  // Written to a temporary name first, so a concurrent serve never runs a half-written file.
  const partial = `${file}.${process.pid}.tmp`;
  await writeFile(partial, SOURCE);
  await rename(partial, file);
  return file;
}
