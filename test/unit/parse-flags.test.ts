import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseFlags, splitSlice } from '../../cli/argv/parse-flags.js';
import { tokenize } from '../../cli/argv/tokenize.js';
import type { FlagSpec } from '../../cli/registry/types.js';

const flags: FlagSpec[] = [
  { name: 'no-descriptions', type: 'bool', description: '' },
  { name: 'postgrest-v9-compat', type: 'bool', description: '' },
  { name: 'schema', short: 's', type: 'stringSlice', description: '' },
  { name: 'include', type: 'stringArray', description: '' },
  { name: 'linked', type: 'bool', default: true, description: '' },
  { name: 'password', short: 'p', type: 'string', env: 'SUPABASE_DB_PASSWORD', description: '' },
  { name: 'count', type: 'int', description: '' },
];

async function parse(argv: string[], env: NodeJS.ProcessEnv = {}) {
  return parseFlags(tokenize(argv, flags), flags, env);
}


/** The process's command line when mocha loaded this file, before any test parsed anything. */
const STARTED_AS = readFileSync('/proc/self/cmdline', 'utf8');

describe('flag parsing', () => {
  it('reads flag names that start with no- and contain digits as themselves', async () => {
    const { values } = await parse(['--no-descriptions', '--postgrest-v9-compat']);
    assert.equal(values['no-descriptions'], true);
    assert.equal(values['postgrest-v9-compat'], true);
  });

  it('splits slices at commas and across repeats, but never splits arrays', async () => {
    const { values } = await parse(['-s', 'public,auth', '--schema=storage', '--include', 'a,b', '--include', 'c']);
    assert.deepEqual(values.schema, ['public', 'auth', 'storage']);
    assert.deepEqual(values.include, ['a,b', 'c']);
  });

  it('applies defaults, environment twins, and records what the user changed', async () => {
    const { values, changed, fromEnv } = await parse(['--linked=false', '--count', '3'], { SUPABASE_DB_PASSWORD: 'pw' });
    assert.equal(values.linked, false);
    assert.equal(values.count, 3);
    assert.equal(values.password, 'pw');
    assert.deepEqual([...changed].sort(), ['count', 'linked']);
    assert.deepEqual([...fromEnv], ['password']);
  });

  it('keeps the last value of a single-valued flag given twice', async () => {
    assert.equal((await parse(['-p', 'one', '--password', 'two'])).values.password, 'two');
  });

  it('keeps values as typed: quotes around them, empty ones, and words after -- that look like flags', async () => {
    const { values, args } = await parse(['--password', '"secret"', '--schema=', '--include', "'x'", 'first', '--', '-', '--count', '007']);
    assert.equal(values.password, '"secret"');
    assert.deepEqual(values.schema, []);
    assert.deepEqual(values.include, ["'x'"]);
    assert.deepEqual(args, ['first', '-', '--count', '007']);
  });

  it("leaves the process's command line as it was started (ps and pgrep -f still show it)", async () => {
    await parse(['--count', '1']);
    // A process title would replace every argument with one word.
    assert.ok(STARTED_AS.split('\0').filter(Boolean).length > 1, `mocha runs with arguments: ${STARTED_AS}`);
    assert.equal(readFileSync('/proc/self/cmdline', 'utf8'), STARTED_AS);
  });

  it('quotes protect commas in slice items', () => {
    assert.deepEqual(splitSlice('"a,b",c'), ['a,b', 'c']);
  });
});
