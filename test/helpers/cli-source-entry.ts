/** `supabase` straight from the TypeScript sources (run with `node --import tsx`), for tests that need a separate process without a build. */
import { runFromProcess } from '../../cli/process-io.js';

process.exitCode = await runFromProcess(process.argv.slice(2));
