// After `tsc`: rewrites the entry files of the native stack's service processes (the local
// platform API, the mail catcher, pg_net's worker) as one file each with our modules and their
// small dependencies inside, so each process loads a few modules instead of dozens. `supabase
// start` waits on these processes, which boot together on a machine of few cores: about 20 ms
// less each. pg and mailparser stay outside (pg-driver.ts loads pg through require; mailparser
// is loaded at the first mail). The CLI spawns these paths (supervised-process.ts nodeEntry).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const ENTRIES = ['tasks/platform-api/platform-server-main.js', 'tasks/mail-catcher/mail-catcher-main.js', 'tasks/pg-net/pg-net-worker-main.js'];

for (const entry of ENTRIES) {
  const target = fileURLToPath(new URL(`../dist/${entry}`, import.meta.url));
  await build({
    entryPoints: [target],
    outfile: target,
    allowOverwrite: true,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: ['pg', 'mailparser'],
    // CommonJS dependencies inside an ES module bundle call require() for Node's own modules.
    banner: { js: "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);" },
    logLevel: 'warning',
  });
}
