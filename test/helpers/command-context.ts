/** A CommandContext for calling a handler directly in a test, with captured output. */
import type { CommandContext } from '../../cli/context.js';
import { registryDocuments } from '../../cli/help/registry-documents.js';
import type { FlagValue } from '../../cli/registry/types.js';

/** A context rooted at projectRoot with the given flags and positional arguments. */
export function commandContext(projectRoot: string, flags: Record<string, FlagValue>, args: string[] = []): CommandContext & { output: { stdout: string; stderr: string } } {
  const output = { stdout: '', stderr: '' };
  return {
    path: 'test',
    args,
    flags,
    changed: new Set(Object.keys(flags)),
    globals: { debug: false, experimental: false, dnsResolver: 'native', createTicket: false },
    projectRoot,
    env: {},
    io: {
      stdout: (text) => void (output.stdout += text),
      stderr: (text) => void (output.stderr += text),
      interactive: false,
      readStdin: async () => '',
    },
    log: { debug: () => {}, conceal: () => {}, lines: () => [] },
    documents: registryDocuments,
    output,
  };
}
