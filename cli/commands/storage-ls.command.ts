/**
 * `supabase storage ls [path]`: buckets, or the entries under a path, one a line on
 * stdout; with -r every object by its full path and every empty bucket.
 */
import type { CommandContext } from '../context.js';
import { noticeTo, storageClient } from '../storage-session.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const { parseStorageUrl } = await import('../../tasks/storage/storage-url.js');
  const { forEachEntry, walkTree } = await import('../../tasks/storage/object-walk.js');
  const remotePath = parseStorageUrl(ctx.args[0] ?? 'ss:///');
  const walk = { client: await storageClient(ctx), notice: noticeTo(ctx) };
  const print = ({ name }: { name: string }) => ctx.io.stdout(`${name}\n`);
  if (ctx.flags.recursive === true) await walkTree(walk, remotePath, print);
  else await forEachEntry(walk, remotePath, print);
}
