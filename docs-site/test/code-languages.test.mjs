// Every language the guides' code fences name is one the build highlights: Prism's own, plus the
// Vue, Svelte and Prisma grammars of lib/prism-languages.mjs. A block in a language the highlighter
// does not know is shipped as plain text without a word (rehype-prism-plus runs with ignoreMissing).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from '@mdx-js/mdx';
import config from '../gatsby-config.mjs';
import { isHighlighted } from '../lib/prism-languages.mjs';

const CONTENT = fileURLToPath(new URL('../content/', import.meta.url));
// Fences that say "no highlighting" on purpose.
const PLAIN = new Set(['text', 'txt', 'plaintext']);
const { mdxOptions } = config.plugins.find((p) => p.resolve === 'gatsby-plugin-mdx').options;

function mdxFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? mdxFiles(path) : name.endsWith('.mdx') ? [path] : [];
  });
}

/** The language of every fenced block in the guides, with where it is used. */
function fenceLanguages() {
  const languages = new Map();
  for (const file of mdxFiles(CONTENT)) {
    for (const [, language] of readFileSync(file, 'utf8').matchAll(/^\s*```([\w+-]+)/gm)) {
      if (!languages.has(language)) languages.set(language, file.slice(CONTENT.length));
    }
  }
  return languages;
}

/** The token classes of a fenced block compiled by the site's MDX pipeline. */
async function tokens(language, code) {
  const js = String(await compile(`\`\`\`${language}\n${code}\n\`\`\`\n`, { ...mdxOptions, development: false }));
  return [...js.matchAll(/token ([\w-]+)/g)].map((match) => match[1]);
}

describe('code languages', () => {
  it('every language of the guides\' code fences is highlighted', () => {
    const languages = fenceLanguages();
    assert.ok(languages.has('vue') && languages.has('svelte') && languages.has('prisma'), 'the guides use Vue, Svelte and Prisma');
    const unknown = [...languages].filter(([language]) => !PLAIN.has(language) && !isHighlighted(language));
    assert.deepEqual(unknown, [], 'languages without a grammar (and a page using each)');
  });

  it('highlights a Vue component: markup, directives, interpolations and its script', async () => {
    const found = await tokens('vue', `<script setup>\nconst email = ref('')\n</script>\n<template>\n  <input v-model="email" @keyup.enter="send()" />\n  <p>{{ email.length }}</p>\n</template>`);
    for (const token of ['tag', 'keyword', 'string', 'directive', 'interpolation', 'function']) assert.ok(found.includes(token), `${token} in ${found}`);
  });

  it('highlights a Svelte component: blocks, expressions and attribute expressions', async () => {
    const found = await tokens('svelte', `<script>\n  export let data\n</script>\n<button on:click={save}>Save</button>\n{#each data.countries as country}\n  <li>{country.name}</li>\n{/each}`);
    for (const token of ['tag', 'keyword', 'block', 'expression', 'attr-expression']) assert.ok(found.includes(token), `${token} in ${found}`);
  });

  it('highlights a Prisma schema: blocks, types, attributes, functions and strings', async () => {
    const found = await tokens('prisma', `datasource db {\n  provider = "postgresql"\n  url      = env("DATABASE_URL")\n}\n\nmodel Country {\n  id   Int    @id @default(autoincrement())\n  name String?\n}`);
    for (const token of ['keyword', 'string', 'function', 'annotation', 'class-name', 'declared']) assert.ok(found.includes(token), `${token} in ${found}`);
  });
});
