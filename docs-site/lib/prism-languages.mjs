// The highlighter the guides and the generated references share: every language Prism knows, plus
// the three the guides use that Prism has no grammar for. Vue and Svelte components are HTML with
// script, style and expressions of their own; Prisma schemas are a small declarative language.
// The grammars are ours and cover what the guides show (component markup, template expressions,
// control-flow blocks, models, attributes); a fence in an unknown language still fails nothing
// (`ignoreMissing`), but test/code-languages.test.mjs checks every language the content uses.
import rehypePrismGenerator from 'rehype-prism-plus/generator';
import { refractor } from 'refractor/lib/all.js';

/** `{{ expression }}` and `v-bind:x="expression"` / `:x` / `@x` / `#x` in Vue templates. */
function vue(Prism) {
  const javascript = Prism.languages.javascript;
  Prism.languages.vue = Prism.languages.extend('markup', {});
  // Before `tag`, so a `<` inside an interpolation is not read as the start of an element.
  Prism.languages.insertBefore('vue', 'tag', {
    interpolation: {
      pattern: /\{\{[\s\S]*?\}\}/,
      inside: { punctuation: /^\{\{|\}\}$/, expression: { pattern: /[\s\S]+/, inside: javascript } },
    },
  });
  // Before `attr-value`, which would otherwise take the value as a plain string.
  Prism.languages.insertBefore('inside', 'attr-value', {
    directive: {
      pattern: /(\s)(?:v-[\w-]+(?::[\w.[\]-]+)?|[:@#][\w.[\]-]+)\s*=\s*"[^"]*"/,
      lookbehind: true,
      inside: {
        'attr-name': /^[^=\s]+/,
        expression: { pattern: /(=\s*")[^"]*(?=")/, lookbehind: true, inside: javascript },
        punctuation: /[="]/,
      },
    },
  }, Prism.languages.vue.tag);
}
vue.displayName = 'vue';
vue.aliases = [];

/** `{#if}`, `{:else}`, `{/if}`, `{@html}` blocks and `{expression}` in text and attributes. */
function svelte(Prism) {
  const javascript = Prism.languages.javascript;
  const expression = (pattern) => ({
    pattern,
    inside: { punctuation: /^\{|\}$/, expression: { pattern: /[\s\S]+/, inside: javascript } },
  });
  Prism.languages.svelte = Prism.languages.extend('markup', {});
  Prism.languages.insertBefore('svelte', 'tag', {
    block: {
      pattern: /\{[#:/@]\w+[^{}]*\}/,
      inside: {
        keyword: /^\{[#:/@]\w+|\}$/,
        expression: { pattern: /[\s\S]+/, inside: javascript },
      },
    },
    expression: expression(/\{[^{}]*\}/),
  });
  // `on:click={handler}` and `bind:value={name}`: the value is code, not a string.
  Prism.languages.insertBefore('inside', 'attr-value', {
    'attr-expression': { pattern: /=\s*\{[^{}]*\}/, inside: { punctuation: /^=/, expression: expression(/\{[^{}]*\}/) } },
  }, Prism.languages.svelte.tag);
}
svelte.displayName = 'svelte';
svelte.aliases = [];

/** Prisma schema: datasource, generator, model and enum blocks, field types, @attributes. */
function prisma(Prism) {
  Prism.languages.prisma = {
    comment: { pattern: /\/\/.*/, greedy: true },
    string: { pattern: /"(?:\\.|[^"\\\r\n])*"/, greedy: true },
    // The name a model, enum or type declares; before `keyword`, whose match would take the
    // declaring word out of reach of the lookbehind.
    declared: { pattern: /(\b(?:enum|model|type|view)[\t ]+)\w+/, lookbehind: true, alias: 'class-name' },
    keyword: /\b(?:datasource|enum|generator|model|type|view)\b/,
    // `@id`, `@default(...)`, `@@map(...)`: field and block attributes.
    annotation: { pattern: /@@?[\w.]+/, alias: 'function' },
    function: /\b\w+(?=\()/,
    boolean: /\b(?:false|true)\b/,
    number: /\b\d+(?:\.\d+)?\b/,
    // The type of a field: the capitalised word after the field's name, with `?` or `[]`.
    'class-name': { pattern: /(^[\t ]*\w+[\t ]+)[A-Z]\w*(?:\[\]|\?)?/m, lookbehind: true },
    punctuation: /[{}()[\],]/,
    operator: /[=?]/,
  };
}
prisma.displayName = 'prisma';
prisma.aliases = [];

for (const syntax of [vue, svelte, prisma]) refractor.register(syntax);

/** rehype-prism-plus over every Prism language and ours. */
export const rehypePrism = rehypePrismGenerator(refractor);

/** Whether a code fence's language gets highlighted (for the content check). */
export function isHighlighted(language) {
  return refractor.registered(language);
}
