// After `tsc`: writes dist/tasks/pg-meta/postgres-meta-server.mjs, the published postgres-meta
// server (`@supabase/postgres-meta/dist/server/server.js`, what the original's image runs) as one
// ES module, which the native runtime starts instead of the package's modules one by one.
//
// Why: `supabase start` launches postgres-meta beside the gateway and the other services, on a
// machine of few cores. Loaded module by module, the package took some 2.5 s of CPU and 78 MiB
// (PSS, after a first /tables); bundled, with its three rarely used heavy dependencies loaded on
// their first use, 1.3 s and 60 MiB (measured on this project's 2-core VM, median of two).
// Those dependencies serve two routes Studio calls on demand: prettier with its SQL plugin
// (/query/format, and the TypeScript generator pg-meta runs its output through) and pgsql-parser
// (/query/parse, /query/deparse). The plugin alone, with the SQL grammars it builds as it loads,
// is half the package's load time.
//
// An ES module, not the CommonJS bundle with a code cache our own services get
// (bundle-services.js): the package awaits at its top level (it reads its SQL files so), which only
// an ES module can. Nothing of the package's code is changed but two things a bundle must:
// - `import.meta.url` in its files means the file's place inside the installed package again, so
//   it still reads its SQL from there;
// - pg-format requires its list of reserved words through a path built from __dirname, which a
//   bundle cannot follow; the same require is written as a plain relative one.
// The modules loaded on first use are required from the package's own folder, the copies it
// would have imported.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PG_OPTIONAL_BINDINGS } from './commonjs-bundle.js';

const PACKAGE = '@supabase/postgres-meta';
const packageRoot = path.dirname(createRequire(import.meta.url).resolve(`${PACKAGE}/package.json`));
const outfile = fileURLToPath(new URL('../dist/tasks/pg-meta/postgres-meta-server.mjs', import.meta.url));

/**
 * What the package imports that is loaded on its first use, by the shape of its exports: the
 * names of functions (async or not: a call loads the module, then calls its own), or a plugin
 * object that prettier reads property by property, given as a proxy.
 */
const ON_FIRST_USE = {
  prettier: { defaultFunctions: ['format'] },
  'prettier/standalone.js': { defaultFunctions: ['format'] },
  'prettier-plugin-sql': { defaultObject: true },
  'pgsql-parser': { namedFunctions: ['parse', 'deparse'] },
};

/** The module that stands for `specifier` until its first use. */
function standIn(specifier) {
  const shape = ON_FIRST_USE[specifier];
  const lines = [
    `import { createRequire } from 'node:module';`,
    `const packageRequire = createRequire(createRequire(import.meta.url).resolve(${JSON.stringify(`${PACKAGE}/package.json`)}));`,
    `let loaded;`,
    `const load = () => (loaded ??= packageRequire(${JSON.stringify(specifier)}));`,
  ];
  const calls = (names) => names.map((name) => `${JSON.stringify(name)}: (...args) => load()[${JSON.stringify(name)}](...args)`).join(', ');
  if (shape.defaultFunctions) lines.push(`export default { ${calls(shape.defaultFunctions)} };`);
  if (shape.namedFunctions) lines.push(...shape.namedFunctions.map((name) => `export const ${name} = (...args) => load().${name}(...args);`));
  if (shape.defaultObject) {
    lines.push(
      'export default new Proxy({}, {',
      '  get: (_, key) => load()[key],',
      '  has: (_, key) => key in load(),',
      '  ownKeys: () => Reflect.ownKeys(load()),',
      '  getOwnPropertyDescriptor: (_, key) => { const found = Object.getOwnPropertyDescriptor(load(), key); return found && { ...found, configurable: true }; },',
      '});',
    );
  }
  return lines.join('\n');
}

const packagePlugin = {
  name: 'postgres-meta-as-installed',
  setup(esbuild) {
    const filter = new RegExp(`^(${Object.keys(ON_FIRST_USE).map((name) => name.replace(/[./-]/g, '\\$&')).join('|')})$`);
    esbuild.onResolve({ filter }, ({ path: specifier }) => ({ path: specifier, namespace: 'on-first-use' }));
    esbuild.onLoad({ filter: /.*/, namespace: 'on-first-use' }, ({ path: specifier }) => ({ contents: standIn(specifier), loader: 'js', resolveDir: packageRoot }));
    esbuild.onLoad({ filter: /\.js$/ }, ({ path: file }) => {
      if (file.startsWith(`${packageRoot}${path.sep}`)) {
        const inPackage = JSON.stringify(path.relative(packageRoot, file).split(path.sep).join('/'));
        const contents = readFileSync(file, 'utf8').replaceAll('import.meta.url', `new URL(${inPackage}, postgresMetaRoot).href`);
        return { contents, loader: 'js' };
      }
      if (/[/\\]pg-format[/\\]lib[/\\]index\.js$/.test(file)) {
        return { contents: readFileSync(file, 'utf8').replace("require(__dirname + '/reserved.js')", "require('./reserved.js')"), loader: 'js' };
      }
      return undefined;
    });
  },
};

await build({
  entryPoints: [path.join(packageRoot, 'dist', 'server', 'server.js')],
  outfile,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
  // Whitespace and syntax only: a server keeps its functions' names (commonjs-bundle.js NAMES).
  minifyWhitespace: true,
  minifySyntax: true,
  external: PG_OPTIONAL_BINDINGS,
  plugins: [packagePlugin],
  banner: {
    js: [
      `import { createRequire as createRequireOfBundle } from 'node:module';`,
      `import { pathToFileURL as pathToFileUrlOfBundle } from 'node:url';`,
      // The CommonJS dependencies inside require node's own modules.
      `const require = createRequireOfBundle(import.meta.url);`,
      `const postgresMetaRoot = pathToFileUrlOfBundle(require.resolve(${JSON.stringify(`${PACKAGE}/package.json`)})).href;`,
    ].join('\n'),
  },
});
