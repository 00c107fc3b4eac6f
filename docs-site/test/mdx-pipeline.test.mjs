// The MDX pipeline of gatsby-config.mjs speaks GitHub-flavoured Markdown, and ships code blocks
// as highlighted HTML strings rather than trees of elements.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compile } from '@mdx-js/mdx';
import config from '../gatsby-config.mjs';
import { markdownToHtml } from '../lib/markdown.mjs';

const { mdxOptions } = config.plugins.find((p) => p.resolve === 'gatsby-plugin-mdx').options;
const GFM = ['| a | b |', '| --- | --- |', '| 1 | 2 |', '', '- [x] done', '- [ ] open', '', '~~old~~ and https://example.com', ''].join('\n');

describe('MDX pipeline', () => {
  it('renders GFM tables, task lists, strikethrough and autolinks', async () => {
    const js = String(await compile(GFM, { ...mdxOptions, development: false }));
    for (const element of ['table', 'thead', 'td', 'del', 'input']) assert.match(js, new RegExp(`\\b${element}: "${element}"`), element);
    assert.match(js, /type: "checkbox"/);
    assert.match(js, /checked: true/);
    assert.match(js, /href: "https:\/\/example\.com"/);
  });

  it('ships highlighted code as one HTML string per block', async () => {
    const js = String(await compile('```ts\nconst answer = await supabase.auth.signInWithPassword({ email })\n```\n', { ...mdxOptions, development: false }));
    assert.match(js, /_jsx\(CodeBlock, \{/);
    assert.match(js, /html: "<span class=\\"code-line\\">.*token keyword/);
    assert.doesNotMatch(js, /className: "token/, 'no element per token');
  });

  it('renders GFM in generated descriptions too', () => {
    const html = markdownToHtml(GFM);
    assert.match(html, /<table>/);
    assert.match(html, /<del>old<\/del>/);
    assert.match(html, /<a href="https:\/\/example.com" target="_blank" rel="noreferrer noopener">/);
  });
});
