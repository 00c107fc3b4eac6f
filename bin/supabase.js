#!/usr/bin/env node
// Entry point. `--version` is answered before anything else loads, so it costs little more than
// starting Node; everything else goes through the compiled CLI in dist/.
const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
  const { VERSION } = await import('../dist/cli/version.js');
  process.stdout.write(`${VERSION}\n`);
} else {
  const { runFromProcess } = await import('../dist/cli/process-io.js');
  process.exitCode = await runFromProcess(argv);
}
