/**
 * `supabase storage cp <src> <dst>`: uploads when the destination is an ss:/// path,
 * downloads when the source is; -r copies trees, -j runs transfers side by side.
 */
import type { CommandContext } from '../context.js';
import { UsageError, UserError } from '../errors.js';
import { noticeTo, storageClient } from '../storage-session.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const { STORAGE_SCHEME, parseStorageUrl, schemeOf } = await import('../../tasks/storage/storage-url.js');
  const [src, dst] = ctx.args;
  const from = schemeOf(src, 'src');
  const to = schemeOf(dst, 'dst');
  const jobs = Number(ctx.flags.jobs);
  if (!Number.isInteger(jobs) || jobs < 1) throw new UsageError(`invalid argument "${ctx.flags.jobs}" for "-j, --jobs" flag: must be at least 1`);
  if (from === STORAGE_SCHEME && to === STORAGE_SCHEME) throw new UserError('Copying between buckets is not supported');
  const download = from === STORAGE_SCHEME && to === '';
  const upload = from === '' && to === STORAGE_SCHEME;
  if (!download && !upload) throw new UserError('Unsupported operation', 'Run cp -r <src> <dst> to copy between local directories.');
  const remotePath = parseStorageUrl(download ? src : dst);
  const recursive = ctx.flags.recursive === true;

  const { transferReporter } = await import('../output/transfer-progress.js');
  const client = await storageClient(ctx);
  const reporter = await transferReporter(ctx);
  try {
    if (download) {
      const { downloadOne, downloadTree } = await import('../../tasks/storage/download.js');
      const context = { client, reporter, notice: noticeTo(ctx), jobs, cwd: ctx.projectRoot };
      await (recursive ? downloadTree(context, remotePath, dst) : downloadOne(context, remotePath, dst));
    } else {
      const { DEFAULT_CACHE_CONTROL, uploadOne, uploadTree } = await import('../../tasks/storage/upload.js');
      const context = {
        client,
        reporter,
        notice: noticeTo(ctx),
        jobs,
        cwd: ctx.projectRoot,
        cacheControl: String(ctx.flags['cache-control'] || DEFAULT_CACHE_CONTROL),
        // The help shows `auto-detect` as the default; only a value the user gave is sent as is.
        contentType: ctx.changed.has('content-type') ? String(ctx.flags['content-type']) : '',
      };
      await (recursive ? uploadTree(context, src, remotePath) : uploadOne(context, src, remotePath));
    }
  } finally {
    reporter.stop();
  }
}
