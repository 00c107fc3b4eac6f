// Fails the MDX compile when a guide uses a component the site does not provide. Without it the
// mistake only shows up when the page renders (MDX's runtime "Expected component ... to be
// defined"), late and without the file name; here the build stops with the same wording plus
// the file and position.
import { readFileSync } from 'node:fs';
import { visit } from 'unist-util-visit';

const { components } = JSON.parse(readFileSync(new URL('../src/data/mdx-components.json', import.meta.url), 'utf8'));
const PROVIDED = new Set(components);

/** Names a guide defines itself (`export const X = ...`, `import X from ...`) are fine to use. */
function localNames(tree) {
  const names = new Set();
  visit(tree, 'mdxjsEsm', (node) => {
    for (const match of node.value.matchAll(/\b(?:const|let|var|function|class)\s+([A-Za-z_$][\w$]*)/g)) names.add(match[1]);
    for (const match of node.value.matchAll(/import\s+([^'"]+?)\s+from/g)) {
      for (const name of match[1].replace(/[{}*]/g, ' ').split(/[\s,]+/)) if (name && name !== 'as') names.add(name);
    }
  });
  return names;
}

export default function remarkKnownComponents() {
  return (tree, file) => {
    const local = localNames(tree);
    visit(tree, ['mdxJsxFlowElement', 'mdxJsxTextElement'], (node) => {
      if (!node.name) return; // fragment
      const base = node.name.split('.')[0];
      if (!/^[A-Z]/.test(base) || PROVIDED.has(base) || local.has(base)) return;
      file.fail(
        `Expected component \`${node.name}\` to be defined: you likely forgot to import, pass, or provide it. ` +
          `The docs site provides: ${components.join(', ')} (see content/README.md).`,
        node.position,
        'docs-site:unknown-component',
      );
    });
  };
}
