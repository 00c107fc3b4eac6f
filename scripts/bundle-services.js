// After `tsc` and bundle-cli.js: writes the entry files of the native stack's service processes
// (local platform API, mail catcher, pg_net worker, API gateway), each as one CommonJS bundle beside the module
// tsc wrote, with our modules and their dependencies inside, pg included.
// `supabase start` waits on these processes, which boot together on a machine of few cores: one
// file instead of their modules one by one saves about 20 ms each, and CommonJS rather than an ES
// module entry about 5 ms more (Node sets up its ES module loader for the latter). mailparser stays
// outside (loaded at the first mail), and so does sharp, which finds its native binary by a path
// computed at run time that a bundle cannot hold; pg's optional native and Cloudflare bindings are never
// loaded, so they stay outside too. The CLI spawns `<entry>.cjs` (supervised-process.ts nodeEntry),
// or the modules tsc wrote when a bundle is older than them.
//
// Each bundle is written as the CLI's is (commonjs-bundle.js writeCachedScript): `<entry>.script.js`,
// a function expression, and `<entry>.script.cache`, V8's code cache of it; `<entry>.cjs` is a
// loader of a few lines that compiles the one with the other. Parsing the gateway's 1.7 MB took
// about 85 ms of every start before, some 50 ms with the cache, on CPUs that PostgreSQL's start and
// the other services share.
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PG_OPTIONAL_BINDINGS, commonJsBundle, writeCachedScript } from './commonjs-bundle.js';

/** When a service writes the code cache its run trained (bin/cached-script.js), counted from its load. */
const SERVICE_TRAINING_MS = 2000;

const SERVICE_ENTRIES = ['tasks/local-platform-api/platform-server-main.js', 'tasks/mail-catcher/mail-catcher-main.js', 'tasks/pg-net/pg-net-worker-main.js', 'tasks/api/gateway/api-gateway-main.js'];

for (const entry of SERVICE_ENTRIES) {
  const module = fileURLToPath(new URL(`../dist/${entry}`, import.meta.url));
  const script = module.replace(/\.js$/, '.script.js');
  const result = await build({
    // Minified but for names: less to read and compile at every start, no call to name a closure.
    ...commonJsBundle('serviceBundleUrl', 'kept'),
    entryPoints: [module],
    outfile: script,
    write: false, // wrapped and written below
    external: [...PG_OPTIONAL_BINDINGS, 'mailparser', 'sharp'],
  });
  writeCachedScript(script, result.outputFiles[0].text);
  const loader = module.replace(/\.js$/, '.cjs');
  writeFileSync(loader, cachedScriptLoader(loader, path.basename(script)));
}

/**
 * The text of a service's `.cjs` entry at `loader`: it runs the script `scriptName` beside it with
 * the best code cache V8 takes (bin/cached-script.js: one a run of this service trained, else the
 * build's, else none). Node compiles this loader itself as a CommonJS module, so its import() works:
 * the script's importExternal (sharp, mailparser) is handed that.
 */
function cachedScriptLoader(loader, scriptName) {
  const cachedScript = path.relative(path.dirname(loader), fileURLToPath(new URL('../bin/cached-script.js', import.meta.url)));
  return `'use strict';
// Written by scripts/bundle-services.js: runs ${scriptName} with its V8 code cache.
const path = require('node:path');
const { loadCachedScript } = require(${JSON.stringify(cachedScript)});
// A service's start is over well within this; the cache it trains then serves its next starts.
loadCachedScript(path.join(__dirname, ${JSON.stringify(scriptName)}), { purpose: 'serve', trainAfterMs: ${SERVICE_TRAINING_MS}, importExternal: (specifier) => import(specifier) });
`;
}
