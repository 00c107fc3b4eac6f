// After `tsc`: rewrites a few compiled modules as one file each, their imports inside, so Node
// loads one module where it would load dozens or hundreds, one file at a time:
// - dist/tasks/db/kysely.js, with kysely inside (its ~280 modules; see tasks/db/kysely.ts);
// - dist/machines/kit/xstate.js, with xstate inside (CommonJS, costly to import from ES modules;
//   see machines/kit/xstate.ts);
// - dist/tasks/project/toml.js, with smol-toml inside (every command reads config.toml);
// - the entry files of the native stack's service processes (local platform API, mail catcher,
//   pg_net worker), with our modules and their small dependencies inside: `supabase start` waits
//   on these processes, which boot together on a machine of few cores (about 20 ms less each).
//   pg and mailparser stay outside (pg-driver.ts loads pg through require; mailparser is loaded
//   at the first mail). The CLI spawns these same paths (supervised-process.ts nodeEntry).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const SERVICE_ENTRIES = ['tasks/platform-api/platform-server-main.js', 'tasks/mail-catcher/mail-catcher-main.js', 'tasks/pg-net/pg-net-worker-main.js'];

/** Bundles dist/<entry> in place. */
async function bundleInPlace(entry, options = {}) {
  const target = fileURLToPath(new URL(`../dist/${entry}`, import.meta.url));
  await build({ entryPoints: [target], outfile: target, allowOverwrite: true, bundle: true, format: 'esm', platform: 'node', target: 'node20', logLevel: 'warning', ...options });
}

await bundleInPlace('tasks/db/kysely.js');
await bundleInPlace('machines/kit/xstate.js');
await bundleInPlace('tasks/project/toml.js');
for (const entry of SERVICE_ENTRIES) {
  await bundleInPlace(entry, {
    external: ['pg', 'mailparser'],
    // CommonJS dependencies inside an ES module bundle call require() for Node's own modules.
    banner: { js: "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);" },
  });
}
