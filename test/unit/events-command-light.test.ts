import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Every module reached through static imports (dynamic `import()` is lazy, so it is left out). */
function staticGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!file.startsWith(root)) return;
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^(?:import|export)\s+(?!type\b)[^'"]*?from\s+'([^']+)'/gm)) {
      const specifier = match[1];
      if (specifier.startsWith('.')) visit(path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.ts')));
      else seen.add(`package:${specifier}`);
    }
  };
  visit(entry);
  return seen;
}

describe('supabase events stays light', () => {
  it('loads neither xstate nor listr2 nor the machines', () => {
    const graph = staticGraph(path.join(root, 'cli/commands/events.command.ts'));
    const heavy = [...graph].filter((file) => /package:(xstate|listr2|@xstate)|\/machines\/(registry|journal\/(fold|compile|stream-kinds))/.test(file));
    assert.deepEqual(heavy, []);
  });

  it('the machines command loads its machines lazily', () => {
    const graph = staticGraph(path.join(root, 'cli/commands/machines.command.ts'));
    assert.ok(![...graph].some((file) => file.includes('xstate')));
  });
});
