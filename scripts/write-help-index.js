// After `tsc`: renders every help page into dist/help-index.json, which bin/supabase.js reads to
// answer --help without loading the CLI (see cli/help/help-index.ts).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildHelpIndex } from '../dist/cli/help/help-index.js';

writeFileSync(fileURLToPath(new URL('../dist/help-index.json', import.meta.url)), JSON.stringify(buildHelpIndex()));
