// Ships each highlighted code block as one HTML string instead of a tree of elements.
//
// rehype-prism-plus turns a code block into hundreds of <span class="token ..."> elements, and MDX
// would compile every one of them into a JSX call: the compiled guides grew to three times the
// size of their text, the build spent most of its time running Babel and Terser over those calls,
// and every page's JavaScript carried them. As a string the same markup is a single literal that
// the browser only hands to innerHTML. The block becomes `<CodeBlock className codeClassName html>`
// (src/components/mdx/CodeBlock.tsx), which draws the same <pre><code> the tree would have.
import { toHtml } from 'hast-util-to-html';
import { visit, SKIP } from 'unist-util-visit';

const attribute = (name, value) => ({ type: 'mdxJsxAttribute', name, value });
const classes = (node) => (Array.isArray(node.properties?.className) ? node.properties.className.join(' ') : (node.properties?.className ?? ''));

export default function rehypeCodeHtml() {
  return (tree) => {
    visit(tree, 'element', (node, index, parent) => {
      if (node.tagName !== 'pre' || !parent || index === undefined) return;
      const code = node.children.find((child) => child.type === 'element' && child.tagName === 'code');
      if (!code) return;
      parent.children[index] = {
        type: 'mdxJsxFlowElement',
        name: 'CodeBlock',
        attributes: [
          attribute('className', classes(node)),
          attribute('codeClassName', classes(code)),
          attribute('html', toHtml(code.children)),
        ],
        children: [],
        position: node.position,
      };
      return SKIP;
    });
  };
}
