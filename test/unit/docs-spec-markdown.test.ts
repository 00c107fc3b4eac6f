import assert from 'node:assert/strict';
import { buildCliSpec } from '../../cli/docs/cli-spec.js';
import { proseToMarkdown } from '../../cli/docs/prose-markdown.js';

/** The text outside code spans. */
const outsideCode = (markdown: string): string => markdown.split(/`[^`\n]*`/).join(' ');

describe('docs spec descriptions are Markdown', () => {
  it('marks paths, flags, addresses and variables as code, and keeps placeholders', () => {
    assert.equal(
      proseToMarkdown('Writes supabase/migrations/<timestamp>_<name>.sql, ignoring --schema.'),
      'Writes `supabase/migrations/<timestamp>_<name>.sql`, ignoring `--schema`.',
    );
    assert.equal(proseToMarkdown('Use -o env or --interactive=false with SUPABASE_ACCESS_TOKEN set.'), 'Use `-o` env or `--interactive=false` with `SUPABASE_ACCESS_TOKEN` set.');
    assert.equal(proseToMarkdown('Paths look like ss:///<bucket>/<path> (no host).'), 'Paths look like `ss:///<bucket>/<path>` (no host).');
    assert.equal(proseToMarkdown('Kept under supabase/.temp.'), 'Kept under `supabase/.temp`.');
    assert.equal(proseToMarkdown('an empty seed.sql and a .gitignore'), 'an empty `seed.sql` and a `.gitignore`');
  });

  it('leaves existing code spans and ordinary words alone, and escapes a stray <', () => {
    assert.equal(proseToMarkdown('Like `db push --dry-run`, read and/or write non-trigger functions.'), 'Like `db push --dry-run`, read and/or write non-trigger functions.');
    assert.equal(proseToMarkdown('each [functions.<name>] setting'), 'each [functions.\\<name>] setting');
  });

  it('leaves no raw < outside code in any description of the spec', () => {
    const spec = buildCliSpec();
    const texts = [spec.info.description, ...spec.flags.map((flag) => flag.description), ...spec.commands.flatMap((command) => [command.description ?? '', ...command.flags.map((flag) => flag.description)])];
    const raw = texts.filter((text) => /(^|[^\\])</.test(outsideCode(text)));
    assert.deepEqual(raw, []);
    const pull = spec.commands.find((command) => command.id === 'supabase-db-pull');
    assert.match(pull?.description ?? '', /`supabase\/migrations\/<timestamp>_<name>\.sql`/);
  });
});
