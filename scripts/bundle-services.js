// After `tsc` and bundle-cli.js: rewrites the entry files of the native stack's service processes
// (local platform API, mail catcher, pg_net worker) in place, each as one file with our modules
// and their dependencies inside, pg included. `supabase start` waits on these processes, which
// boot together on a machine of few cores (about 20 ms less each than loading their files one by
// one). mailparser stays outside (loaded at the first mail); pg's optional native and Cloudflare
// bindings are never loaded, so they stay outside too. The CLI spawns these same paths
// (supervised-process.ts nodeEntry).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const SERVICE_ENTRIES = ['tasks/platform-api/platform-server-main.js', 'tasks/mail-catcher/mail-catcher-main.js', 'tasks/pg-net/pg-net-worker-main.js'];

// CommonJS dependencies inside an ES module bundle call require() for Node's own modules.
const withRequire = { banner: { js: "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);" } };

for (const entry of SERVICE_ENTRIES) {
  const target = fileURLToPath(new URL(`../dist/${entry}`, import.meta.url));
  await build({
    entryPoints: [target],
    outfile: target,
    allowOverwrite: true,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
    // Less to read and compile at every start (names kept for the logs' stack traces).
    minify: true,
    keepNames: true,
    ...withRequire,
    external: ['pg-native', 'pg-cloudflare', 'mailparser'],
  });
}
