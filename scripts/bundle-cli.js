// After `tsc`, before bundle-services.js: writes the whole CLI (every module of ours that
// dist/cli/process-io.js reaches, commands included) as one CommonJS bundle, which bin/supabase.js
// loads instead of ~150 ES modules one at a time (`start` read about 150 files of dist/ before it
// could launch PostgreSQL; `status` about 90), and V8's code cache of it:
// - dist/cli-script.js: the bundle as one function expression,
//   `(function (exports, require, module, __filename, __dirname, importExternal) { ... })`, which
//   bin/supabase.js compiles with node:vm, handing V8 the cache below;
// - dist/cli-script.cache: what V8 made of compiling it here (vm.Script#createCachedData), so that
//   a command skips most of the parsing of 1 MB of code (about 20 ms). V8 checks the cache against
//   its own version and flags and the source, and compiles afresh when they differ.
// A script compiled from a code cache cannot use import() on Node 20 (it throws "A dynamic import
// callback was not specified"), so the bundle's import() calls (of packages, of Node's own modules,
// of a project's plugin files) are written as calls of importExternal, which the loader defines as
// import().
//
// CommonJS, not an ES module bundle: in an ES module bundle every package import of every module
// is hoisted to the top of the file, so one command would load the packages of all of them. Here a
// module reached through `import()` (each command, and what commands load late) stays a function
// that runs when first asked for, with its require() calls inside.
//
// Packages stay outside (node_modules is installed beside the CLI), except those a module of ours
// imports statically as an ES module: ES-module-only ones (which this file's require() could not
// load on Node before 20.19), and those that ship both forms (kysely, xstate, pg, smol-toml,
// openapi-fetch: require() would get their CommonJS form, which can differ from the ES module the
// sources were written against, e.g. in what a default import is). Taken in, they come as the
// ES module Node imports; they are also the packages with many files that `start` and most
// commands load. Packages imported with `import()` stay outside and are imported by Node, but for
// listr2 and meow (below).
//
// Runs from dist/ as tsc wrote it: bundle-services.js rewrites some of those files in place later.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PG_OPTIONAL_BINDINGS, commonJsBundle, writeCachedScript } from './commonjs-bundle.js';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const scriptFile = path.join(dist, 'cli-script.js');
const NEVER = new Set(PG_OPTIONAL_BINDINGS);
const requireHere = createRequire(import.meta.url);
// Imported with import() yet taken in: listr2, which every command that runs tasks loads (start,
// stop, db reset, migration up, ...). From node_modules it is some 25 ES modules to resolve, read
// and compile without a cache, 11-13 ms each time; in the bundle it is compiled from the cache,
// and its code runs only when a command imports it.
// meow likewise: the CLI's entry reads every command line given flags or arguments with it.
const TAKEN_IN_WHEN_IMPORTED = new Set(['listr2', 'meow']);

const packageName = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/** Whether Node imports `specifier` as an ES module, or as another file than require() gets. */
function importedAsEsModule(specifier) {
  const imported = fileURLToPath(import.meta.resolve(specifier));
  let required;
  try {
    required = requireHere.resolve(specifier);
  } catch {
    // no form for require()
  }
  return isEsModule(imported) || imported !== required;
}

const keepPackagesOutside = {
  name: 'keep-packages-outside',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      const outside = { path: args.path, external: true };
      if (isBuiltin(args.path) || NEVER.has(packageName(args.path))) return outside;
      // Inside a package taken in, its own dependencies come along.
      if (args.importer.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      if (args.kind === 'dynamic-import') return TAKEN_IN_WHEN_IMPORTED.has(packageName(args.path)) ? undefined : outside;
      return importedAsEsModule(args.path) ? undefined : outside;
    });
  },
};

const result = await build({
  // Minified: half the bytes to read, hold and compile on every command (about 15 ms).
  ...commonJsBundle('cliBundleUrl', 'renamed'),
  entryPoints: [path.join(dist, 'cli', 'process-io.js')],
  outfile: scriptFile,
  write: false, // wrapped and written below
  plugins: [keepPackagesOutside],
});

writeCachedScript(scriptFile, result.outputFiles[0].text);

/** Whether Node loads `file` as an ES module (.mjs, or .js under a package.json of type module). */
function isEsModule(file) {
  if (file.endsWith('.mjs')) return true;
  if (file.endsWith('.cjs')) return false;
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    try {
      return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).type === 'module';
    } catch {
      // no package.json here: look further up
    }
  }
  return false;
}
