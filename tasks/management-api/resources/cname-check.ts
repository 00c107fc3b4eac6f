/**
 * The CNAME check the original runs before creating or activating a custom hostname: the hostname
 * must be a CNAME of `<ref>.supabase.co.`, asked of a DNS-over-HTTPS resolver (Cloudflare's, or
 * SUPABASE_INTERNAL_DOH_URL), with the original's messages.
 */
import { dohEndpoint, queryDoh } from '../../net/doh-resolver.js';
import { TaskError, messageOf } from '../../task-error.js';
import { projectHost } from '../client/hosts.js';

/** Resolves when `hostname` points at the project; otherwise fails saying what it points at. */
export async function verifyCname(ref: string, hostname: string, env: NodeJS.ProcessEnv): Promise<void> {
  const expected = `${projectHost(ref, env)}.`;
  const intro = `expected custom hostname '${hostname}' to have a CNAME record pointing to your project at '${expected}'`;
  let answers: string[];
  try {
    answers = await queryDoh(dohEndpoint(env), hostname, 'CNAME');
  } catch (error) {
    throw new TaskError(`${intro}, but it failed to resolve: ${messageOf(error)}`);
  }
  if (answers.length === 0) {
    // The original prints the answer list here as Go bytes; the record list is what helps.
    throw new TaskError(`${intro}, but it failed to resolve: failed to locate appropriate CNAME record for ${hostname}; resolves to []`);
  }
  if (answers[0] !== expected) throw new TaskError(`${intro}, but it is currently set to '${answers[0]}'`);
}
