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
 * which the loader defines as import(). The file is ASCII alone (loadableBody), so that the loader
 * may read it as Latin-1.
 */
export function writeCachedScript(file, code) {
  const source = `(function (exports, require, module, __filename, __dirname, importExternal) {${loadableBody(code, 'importExternal')}\n})`;
  writeFileSync(file, source);
  writeFileSync(file.replace(/\.js$/, '.cache'), new vm.Script(source, { filename: file }).createCachedData());
}

/**
 * `code` as the loader can take it, from one pass of acorn's tokenizer (which knows strings,
 * template literals, comments and regular expressions from code, and a property named import,
 * `x.import(`, from the keyword):
 * - every `import(` call is written as a call of `importName`;
 * - it is ASCII alone: the loader (bin/cached-script.js) decodes a bundle as Latin-1, which reads
 *   ASCII as UTF-8 would, a third faster (the 2.3 MB the CLI and the gateway each read at every
 *   run: 24 against 33 ms; `status` 7 ms sooner, medians of 25 interleaved). esbuild already
 *   escapes every character past ASCII in code (its default charset); what is left are the
 *   license comments it keeps, where an accented letter of a name is written as its \u escape.
 *   Anything past ASCII outside a comment fails the build, rather than a bundle the loader would
 *   misread.
 */
function loadableBody(text, importName) {
  /** What to write instead of text[start, end), in the order of start. */
  const edits = [];
  const onComment = (block, body, start, end) => {
    const comment = text.slice(start, end);
    if (NOT_ASCII.test(comment)) edits.push({ start, end, text: comment.replace(NOT_ASCII_ALL, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`) });
  };
  let before;
  let last;
  for (const token of acorn.tokenizer(text, { ecmaVersion: 'latest', onComment })) {
    const afterDot = before?.type === acorn.tokTypes.dot || before?.type === acorn.tokTypes.questionDot;
    if (last?.type === acorn.tokTypes._import && token.type === acorn.tokTypes.parenL && !afterDot) edits.push({ start: last.start, end: last.end, text: importName });
    before = last;
    last = token;
  }
  // A comment between `import` and its parenthesis is reported before the call is recognised.
  edits.sort((a, b) => a.start - b.start);
  let out = '';
  let from = 0;
  for (const edit of edits) {
    out += text.slice(from, edit.start) + edit.text;
    from = edit.end;
  }
  out += text.slice(from);
  const stray = NOT_ASCII.exec(out);
  if (stray) throw new Error(`a bundle holds ${JSON.stringify(stray[0])} outside a comment, at ${JSON.stringify(out.slice(Math.max(0, stray.index - 40), stray.index + 10))}: bin/cached-script.js reads bundles as ASCII`);
  return out;
}

const NOT_ASCII = /[\u0080-\uffff]/;
const NOT_ASCII_ALL = /[\u0080-\uffff]/g;
