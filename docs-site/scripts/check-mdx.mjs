// Fast check of guide files without a Gatsby build: frontmatter has a title, the MDX compiles,
// and it uses only the components the site provides (the same remark guard the build runs).
// Usage: node scripts/check-mdx.mjs [files or folders...]   (default: all of content/)
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from '@mdx-js/mdx';
import matter from 'gray-matter';
import remarkKnownComponents from '../plugins/remark-known-components.mjs';

const site = fileURLToPath(new URL('..', import.meta.url));

function mdxFiles(path) {
  if (statSync(path).isFile()) return path.endsWith('.mdx') ? [path] : [];
  return readdirSync(path).flatMap((name) => mdxFiles(join(path, name)));
}

const targets = process.argv.slice(2);
const files = (targets.length ? targets : [join(site, 'content')]).flatMap(mdxFiles);
let failures = 0;
for (const file of files) {
  const name = relative(site, file);
  try {
    const { data, content } = matter(readFileSync(file, 'utf8'));
    if (typeof data.title !== 'string' || data.title.trim() === '') throw new Error('frontmatter has no title');
    await compile({ value: content, path: file }, { remarkPlugins: [remarkKnownComponents] });
  } catch (error) {
    failures++;
    console.error(`${name}: ${error.message}`);
  }
}
console.log(`${files.length - failures} passed, ${failures} failed`);
process.exit(failures ? 1 : 0);
