// Markdown to HTML for descriptions inside generated artifacts (CLI commands, API operations), and
// highlighted code for the JSON samples of the API reference.
// Runs at build time so pages ship HTML, not a parser; GitHub-flavoured like the guides, with code
// highlighted the same way and links to other sites opening in a new tab.
import rehypeStringify from 'rehype-stringify';
import { toHtml } from 'hast-util-to-html';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { rehypePrism } from './prism-languages.mjs';

function rehypeExternalLinks() {
  return (tree) => {
    visit(tree, 'element', (node) => {
      if (node.tagName === 'a' && /^https?:/.test(String(node.properties?.href ?? ''))) {
        node.properties.target = '_blank';
        node.properties.rel = ['noreferrer', 'noopener'];
      }
    });
  };
}

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  .use(rehypePrism, { ignoreMissing: true })
  .use(rehypeExternalLinks)
  .use(rehypeStringify)
  .freeze();

/** The HTML of a Markdown text (raw HTML in it is dropped, as remark-rehype does by default). */
export function markdownToHtml(markdown = '') {
  return String(processor.processSync(markdown.replace(/\r\n/g, '\n'))).trim();
}

const codeProcessor = unified().use(rehypePrism, { ignoreMissing: true }).freeze();

/** The highlighted markup of a code sample (the inside of its <code>), as guides get it. */
export function highlightCode(code, language) {
  const tree = { type: 'root', children: [{ type: 'element', tagName: 'pre', properties: {}, children: [{ type: 'element', tagName: 'code', properties: { className: [`language-${language}`] }, children: [{ type: 'text', value: code }] }] }] };
  const highlighted = codeProcessor.runSync(tree);
  return toHtml(highlighted.children[0].children[0].children);
}
