// What the build's two bundling steps share (bundle-cli.js, bundle-services.js): a minified
// CommonJS bundle for Node 20, names kept so that a crash report's stack still names the
// functions, and `import.meta.url` standing for the bundle's own file URL. Every module that reads
// import.meta.url (createRequire, package-folder.ts) needs only a place inside the package.

/** pg's optional native and Cloudflare bindings: pg never loads them here, so no bundle takes them in. */
export const PG_OPTIONAL_BINDINGS = ['pg-native', 'pg-cloudflare'];

/** esbuild options of a CommonJS bundle whose import.meta.url is held in the variable `urlName`. */
export function commonJsBundle(urlName) {
  return {
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
    minify: true,
    keepNames: true,
    define: { 'import.meta.url': urlName },
    banner: { js: `const ${urlName} = require('node:url').pathToFileURL(__filename).href;` },
  };
}
