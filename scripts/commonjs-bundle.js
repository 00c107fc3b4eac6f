// What the build's two bundling steps share (bundle-cli.js, bundle-services.js): a minified
// CommonJS bundle for Node 20 whose functions keep their names, so that a crash report's stack
// still names them, and `import.meta.url` standing for the bundle's own file URL. Every module that
// reads import.meta.url (createRequire, package-folder.ts) needs only a place inside the package.
import * as acorn from 'acorn';
import { writeFileSync } from 'node:fs';
import vm from 'node:vm';

/** pg's optional native and Cloudflare bindings: pg never loads them here, so no bundle takes them in. */
export const PG_OPTIONAL_BINDINGS = ['pg-native', 'pg-cloudflare'];

/**
 * How a bundle keeps its functions' names. `renamed`: identifiers are shortened and esbuild's
 * keepNames gives each function its name back at run time, a call of `__name` (defineProperty)
 * wherever a function or class is made, inner closures included, each time. `kept`: identifiers
 * stay as written (whitespace and syntax still minified), so names need no call. A short-lived
 * process that loads little of its bundle (the CLI) starts faster renamed (a smaller file and code
 * cache: 189 against 202 ms for `status`); a server (the services) is better off with its names
 * kept: the gateway loads 12 ms sooner (184 against 196 ms) and spends 8-10% less CPU a request,
 * since fastify's hooks, pg's pool and REST make closures on every one (medians, interleaved).
 */
const NAMES = {
  renamed: { minify: true, keepNames: true },
  kept: { minifyWhitespace: true, minifySyntax: true },
};

/**
 * esbuild options of a CommonJS bundle whose import.meta.url is held in the variable `urlName`,
 * its names kept as `names` says (NAMES).
 */
export function commonJsBundle(urlName, names) {
  return {
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
    ...NAMES[names],
    define: { 'import.meta.url': urlName },
    banner: { js: `const ${urlName} = require('node:url').pathToFileURL(__filename).href;` },
  };
}

/**
 * Writes the CommonJS bundle `code` as `file` (`<name>.js`), one function expression
 * `(function (exports, require, module, __filename, __dirname, importExternal) { ... })` that a
 * loader compiles with node:vm, and beside it `<name>.cache`: what V8 made of compiling it here
 * (vm.Script#createCachedData), so that a process skips most of the parsing of its code. V8 checks
 * the cache against its own version and flags and the source, and compiles afresh when they differ.
 * A script compiled from a code cache cannot use import() on Node 20 (it throws "A dynamic import
 * callback was not specified"), so its import() calls are written as calls of importExternal,
 * which the loader defines as import(). The file is ASCII alone (asciiOnly), so that the loader may
 * read it as Latin-1.
 */
export function writeCachedScript(file, code) {
  const source = `(function (exports, require, module, __filename, __dirname, importExternal) {${asciiOnly(withImportsReplaced(code, 'importExternal'))}\n})`;
  writeFileSync(file, source);
  writeFileSync(file.replace(/\.js$/, '.cache'), new vm.Script(source, { filename: file }).createCachedData());
}

/**
 * `code` with every `import(` call written as a call of `name`: found by acorn's tokenizer, which
 * knows strings, template literals, comments and regular expressions from code (no text in them
 * changes), and a property named import (`x.import(`) from the keyword.
 */
function withImportsReplaced(text, name) {
  const starts = [];
  let before;
  let last;
  for (const token of acorn.tokenizer(text, { ecmaVersion: 'latest' })) {
    const afterDot = before?.type === acorn.tokTypes.dot || before?.type === acorn.tokTypes.questionDot;
    if (last?.type === acorn.tokTypes._import && token.type === acorn.tokTypes.parenL && !afterDot) starts.push(last.start);
    before = last;
    last = token;
  }
  let out = '';
  let from = 0;
  for (const start of starts) {
    out += `${text.slice(from, start)}${name}`;
    from = start + 'import'.length;
  }
  return out + text.slice(from);
}

/**
 * `text` in ASCII alone: the loader (bin/cached-script.js) decodes a bundle as Latin-1, which reads
 * ASCII as UTF-8 would, a third faster (the 2.3 MB the CLI and the gateway each read at every run:
 * 24 against 33 ms; `status` 7 ms sooner, medians of 25 interleaved). esbuild already escapes every character past ASCII in
 * code (its default charset); what is left are the license comments it keeps, where a name's é
 * becomes \u00e9, as it would be in a string. Anything past ASCII outside a comment fails the
 * build, rather than a bundle the loader would misread.
 */
function asciiOnly(text) {
  const comments = [];
  for (const token of acorn.tokenizer(text, { ecmaVersion: 'latest', onComment: (block, body, start, end) => comments.push([start, end]) })) void token;
  let out = '';
  let from = 0;
  for (const [start, end] of comments) {
    out += text.slice(from, start) + text.slice(start, end).replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
    from = end;
  }
  out += text.slice(from);
  const stray = /[\u0080-\uffff]/.exec(out);
  if (stray) throw new Error(`a bundle holds ${JSON.stringify(stray[0])} outside a comment, at ${JSON.stringify(out.slice(Math.max(0, stray.index - 40), stray.index + 10))}: bin/cached-script.js reads bundles as ASCII`);
  return out;
}
