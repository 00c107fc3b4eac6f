/**
 * `supabase storage rm <file> ...`: deletes objects, with -r folders and whole
 * buckets, after one confirmation per bucket (default yes, taken silently outside a terminal).
 */
import type { CommandContext } from '../context.js';
import { confirm } from '../prompt.js';
import { noticeTo, storageClient } from '../storage-session.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const { parseStorageUrl } = await import('../../tasks/storage/storage-url.js');
  const { groupByBucket, removePaths } = await import('../../tasks/storage/remove.js');
  const recursive = ctx.flags.recursive === true;
  const remotePaths = ctx.args.map(parseStorageUrl);
  groupByBucket(remotePaths, recursive);
  const bold = (text: string) => (ctx.io.interactive ? `\u001b[1m${text}\u001b[0m` : text);
  await removePaths({
    client: await storageClient(ctx),
    notice: noticeTo(ctx),
    recursive,
    confirmBucket: (bucket) => confirm(ctx, `Confirm deleting files in bucket ${bold(bucket)}?`, true),
  }, remotePaths);
}
