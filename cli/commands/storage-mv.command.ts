/**
 * `supabase storage mv <src> <dst>` (the Storage API's move route): moves an object, or with -r a
 * folder, within one bucket.
 */
import type { CommandContext } from '../context.js';
import { noticeTo, storageClient } from '../storage-session.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const { parseStorageUrl } = await import('../../tasks/storage/storage-url.js');
  const { checkMove, moveObject } = await import('../../tasks/storage/move.js');
  const [src, dst] = ctx.args.map(parseStorageUrl);
  checkMove(src, dst);
  await moveObject({ client: await storageClient(ctx), notice: noticeTo(ctx), recursive: ctx.flags.recursive === true }, src, dst);
}
