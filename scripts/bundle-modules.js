// After `tsc`: rewrites a few compiled modules as one file each, their imports inside, so Node
// loads one module where it would load dozens or hundreds, one file at a time:
// - dist/tasks/db/kysely.js, with kysely inside (its ~280 modules; see tasks/db/kysely.ts);
// - dist/machines/kit/xstate.js, with xstate inside (CommonJS, costly to import from ES modules;
//   see machines/kit/xstate.ts);
// - dist/tasks/project/toml.js, with smol-toml inside (every command reads config.toml);
// - dist/tasks/db/pg-driver.js, with pg inside (CommonJS, ~35 files; see tasks/db/pg-driver.ts);
// - the entry files of the native stack's service processes (local platform API, mail catcher,
//   pg_net worker), with our modules and their dependencies inside, pg included: `supabase start`
//   waits on these processes, which boot together on a machine of few cores (about 20 ms less
//   each). mailparser stays outside (loaded at the first mail). The CLI spawns these same paths
//   (supervised-process.ts nodeEntry).
// pg's optional native and Cloudflare bindings are never loaded here, so they stay outside.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const SERVICE_ENTRIES = ['tasks/platform-api/platform-server-main.js', 'tasks/mail-catcher/mail-catcher-main.js', 'tasks/pg-net/pg-net-worker-main.js'];

/** Bundles dist/<entry> in place. */
async function bundleInPlace(entry, options = {}) {
  const target = fileURLToPath(new URL(`../dist/${entry}`, import.meta.url));
  await build({ entryPoints: [target], outfile: target, allowOverwrite: true, bundle: true, format: 'esm', platform: 'node', target: 'node20', logLevel: 'warning', ...options });
}

// CommonJS dependencies inside an ES module bundle call require() for Node's own modules.
const withRequire = { banner: { js: "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);" } };
const PG_OPTIONAL = ['pg-native', 'pg-cloudflare'];

// The entries first: they take in the modules below as tsc wrote them, not as bundles (whose
// require() preamble would then be declared twice).
for (const entry of SERVICE_ENTRIES) {
  await bundleInPlace(entry, { ...withRequire, external: [...PG_OPTIONAL, 'mailparser'] });
}
await bundleInPlace('tasks/db/kysely.js');
await bundleInPlace('machines/kit/xstate.js');
await bundleInPlace('tasks/project/toml.js');
await bundleInPlace('tasks/db/pg-driver.js', { ...withRequire, external: PG_OPTIONAL });
