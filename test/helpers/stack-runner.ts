/**
 * A child process that starts the stack through the orchestration API with a start task that
 * never finishes, so the parent can kill -9 it half way. Prints "ready" once the task runs.
 * Usage: node --import tsx stack-runner.ts <journal directory>
 */
import { JournalStore } from '../../tasks/journal/journal-store.js';
import { runMachine } from '../../tasks/orchestration/run-machine.js';

const journal = JournalStore.inDirectory(process.argv[2]);
await runMachine(
  journal,
  { stream: 'stack', event: { type: 'START' } },
  {
    renderer: 'silent',
    label: 'supabase start (test)',
    tasks: {
      'stack.start': {
        title: 'Starting',
        run: async (step) => {
          step.record([{ type: 'SERVICE_STARTING', data: { service: 'db' } }]);
          process.stdout.write('ready\n');
          await new Promise(() => {});
        },
      },
    },
  },
);
