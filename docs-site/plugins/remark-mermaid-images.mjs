// `<Mermaid chart={`...`} caption="..." />` in a guide becomes a pre-drawn diagram: the chart is
// drawn to SVG files at build time (lib/mermaid-diagrams.mjs) and the element keeps only what the
// static <Mermaid> component shows, `light`, `dark`, `width`, `height` and the caption. No Mermaid
// code reaches the browser.
import { visit } from 'unist-util-visit';
import { drawDiagrams } from '../lib/mermaid-diagrams.mjs';

/** The chart text of a `chart` attribute: a plain string or a template literal without `${}`. */
function chartText(attribute, file, node) {
  if (typeof attribute.value === 'string') return attribute.value;
  const expression = attribute.value?.data?.estree?.body?.[0]?.expression;
  if (expression?.type === 'TemplateLiteral' && expression.expressions.length === 0) return expression.quasis[0].value.cooked;
  if (expression?.type === 'Literal' && typeof expression.value === 'string') return expression.value;
  return file.fail('<Mermaid chart> must be a string or a template literal without ${} (it is drawn at build time)', node.position, 'docs-site:mermaid-chart');
}

const attribute = (name, value) => ({ type: 'mdxJsxAttribute', name, value });
const numberAttribute = (name, value) => ({
  type: 'mdxJsxAttribute',
  name,
  value: {
    type: 'mdxJsxAttributeValueExpression',
    value: String(value),
    data: { estree: { type: 'Program', sourceType: 'module', body: [{ type: 'ExpressionStatement', expression: { type: 'Literal', value, raw: String(value) } }] } },
  },
});

export default function remarkMermaidImages() {
  return async (tree, file) => {
    const nodes = [];
    visit(tree, ['mdxJsxFlowElement', 'mdxJsxTextElement'], (node) => {
      if (node.name === 'Mermaid') nodes.push(node);
    });
    if (!nodes.length) return;
    const charts = nodes.map((node) => {
      const chart = node.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'chart');
      if (!chart) return file.fail('<Mermaid> needs a chart attribute', node.position, 'docs-site:mermaid-chart');
      return chartText(chart, file, node);
    });
    const drawings = await drawDiagrams(charts);
    nodes.forEach((node, i) => {
      const { light, dark, width, height } = drawings[i];
      const kept = node.attributes.filter((a) => a.type === 'mdxJsxAttribute' && a.name === 'caption');
      node.attributes = [...kept, attribute('light', light), attribute('dark', dark), numberAttribute('width', width), numberAttribute('height', height)];
    });
  };
}
