// After `tsc` and bundle-cli.js: writes the entry files of the native stack's service processes
// (local platform API, mail catcher, pg_net worker, API gateway), each as one CommonJS file beside the module
// tsc wrote (`<entry>.cjs`), with our modules and their dependencies inside, pg included.
// `supabase start` waits on these processes, which boot together on a machine of few cores: one
// file instead of their modules one by one saves about 20 ms each, and CommonJS rather than an ES
// module entry about 5 ms more (Node sets up its ES module loader for the latter). mailparser stays
// outside (loaded at the first mail), and so does sharp, which finds its native binary by a path
// computed at run time that a bundle cannot hold; pg's optional native and Cloudflare bindings are never
// loaded, so they stay outside too. The CLI spawns these files (supervised-process.ts nodeEntry),
// or the modules tsc wrote when a bundle is older than them.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { PG_OPTIONAL_BINDINGS, commonJsBundle } from './commonjs-bundle.js';

const SERVICE_ENTRIES = ['tasks/local-platform-api/platform-server-main.js', 'tasks/mail-catcher/mail-catcher-main.js', 'tasks/pg-net/pg-net-worker-main.js', 'tasks/api/gateway/api-gateway-main.js'];

for (const entry of SERVICE_ENTRIES) {
  const module = fileURLToPath(new URL(`../dist/${entry}`, import.meta.url));
  await build({
    // Minified: less to read and compile at every start.
    ...commonJsBundle('serviceBundleUrl'),
    entryPoints: [module],
    outfile: module.replace(/\.js$/, '.cjs'),
    external: [...PG_OPTIONAL_BINDINGS, 'mailparser', 'sharp'],
  });
}
