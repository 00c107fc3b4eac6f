import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { README, refreshedReadme } from '../../scripts/readme-commands.js';

describe('README', () => {
  it('has the command status table the registry implies (run scripts/readme-commands.ts --write)', () => {
    const text = readFileSync(README, 'utf8');
    assert.equal(text, refreshedReadme(text));
  });

  it('names the two set-up commands', () => {
    const text = readFileSync(README, 'utf8');
    assert.match(text, /npm install && npm start/);
    assert.match(text, /npm test/);
  });

  it('lists every SUPABASE_* variable the code reads from the environment', () => {
    const text = readFileSync(README, 'utf8');
    const section = text.slice(text.indexOf('## Environment variables'), text.indexOf('## Layout'));
    // Reads look like `env.SUPABASE_X` or a flag's `env: 'SUPABASE_X'`; what the CLI only hands to
    // a child (function workers get SUPABASE_URL and friends) is written, not read, so not matched.
    const reads = new Set<string>();
    for (const file of sourceFiles(['cli', 'tasks', 'bin'])) {
      for (const match of readFileSync(file, 'utf8').matchAll(/env(?:\.|: ')(SUPABASE_[A-Z_]+)/g)) reads.add(match[1]!);
    }
    assert.ok(reads.size > 10, 'the pattern still finds the reads');
    const missing = [...reads].filter((name) => !section.includes(`\`${name}\``));
    assert.deepEqual(missing, [], 'add these to the README\'s environment variables table');
  });
});

/** Every .ts/.js file under the given folders of the project. */
function sourceFiles(folders: string[]): string[] {
  return folders.flatMap((folder) =>
    readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(ts|js)$/.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name)),
  );
}
