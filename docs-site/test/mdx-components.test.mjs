// The list the build guard accepts and the map guides render with must name the same components.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const read = (path) => readFileSync(new URL(path, import.meta.url), 'utf8');

describe('MDX component list', () => {
  it('matches writerComponents in src/components/mdx/components.tsx and is documented', () => {
    const { components } = JSON.parse(read('../src/data/mdx-components.json'));
    const source = read('../src/components/mdx/components.tsx');
    const block = source.slice(source.indexOf('export const writerComponents = {'), source.indexOf('};', source.indexOf('export const writerComponents = {')));
    const mapped = [...block.matchAll(/^\s+(\w+),$/gm)].map((m) => m[1]);
    assert.deepEqual([...mapped].sort(), [...components].sort());
    const readme = read('../content/README.md');
    for (const name of components) assert.match(readme, new RegExp(`<${name}[ />]`), `${name} documented in content/README.md`);
  });
});
