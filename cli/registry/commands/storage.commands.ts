/** Objects in the linked project's Storage buckets, addressed as ss:///bucket/path, with Unix-like commands. */
import { commandGroup } from '../platform-flags.js';
import type { CommandSpec, FlagSpec } from '../types.js';

/** `-r/--recursive`, which every storage command takes with its own meaning. */
function recursiveFlag(effect: string): FlagSpec {
  return { name: 'recursive', short: 'r', type: 'bool', description: effect };
}

export const storageCommands: CommandSpec[] = commandGroup(
  {
    path: 'storage',
    experimental: true,
    summary: 'Work with files in the linked project\'s Storage buckets',
    description:
      'Remote paths are written as ss:///<bucket>/<path> (three slashes, no host). The commands act on the ' +
      'project this folder is linked to, or with --local on the running local stack, with its service_role key, ' +
      'so bucket policies do not apply.',
    // Later Go CLIs take these two on the group; the linked project stays the default, as in 1.145.4.
    // Giving both is refused by storage-session.ts: an exclusive group here would differ from 1.145.4's spec.
    flags: [
      { name: 'linked', type: 'bool', default: true, persistent: true, ours: true, description: 'Work with the Storage of the project this folder is linked to.' },
      { name: 'local', type: 'bool', persistent: true, ours: true, description: 'Work with the Storage of the running local stack (no login needed).' },
    ],
  },
  [
    {
      name: 'ls',
      summary: 'List buckets, or the objects under a path',
      description:
        'Without a path (or with ss:///) the buckets are listed; a bucket name without a trailing slash lists the ' +
        'buckets starting with it. Folders are shown with a trailing /, and -r walks into them, printing full paths.',
      args: { min: 0, max: 1, usage: '[path]' },
      flags: [recursiveFlag('Walk into every folder and print the full path of each object.')],
      examples: [
        { id: 'buckets', name: 'List the buckets', code: 'supabase storage ls --experimental' },
        { id: 'recursive', name: 'List everything in a bucket', code: 'supabase storage ls -r ss:///avatars/ --experimental' },
      ],
      load: () => import('../../commands/storage-ls.command.js'),
    },
    {
      name: 'cp',
      summary: 'Upload or download files',
      description:
        'Copies a local file to a bucket or a stored object to the local disk; one side must be an ss:/// path and ' +
        'the other a local one, since copying between buckets is not supported. Uploading to a bucket that does ' +
        'not exist creates it. Relative local paths start from the project folder, as every path the CLI reads ' +
        'does. In a terminal, transfers of more than a few MB show a progress bar.',
      args: { min: 2, max: 2, usage: '<src> <dst>' },
      flags: [
        recursiveFlag('Copy a whole folder tree.'),
        { name: 'cache-control', type: 'string', default: 'max-age=3600', description: 'Cache-Control header stored with uploaded objects.' },
        {
          name: 'content-type',
          type: 'string',
          default: 'auto-detect',
          description: 'Content-Type stored with uploaded objects; by default it is guessed from the first bytes of each file.',
        },
        { name: 'jobs', short: 'j', type: 'int', default: 1, description: 'How many files to transfer at the same time.' },
      ],
      examples: [
        { id: 'upload', name: 'Upload a file', code: 'supabase storage cp ./logo.png ss:///public/images/logo.png --experimental' },
        { id: 'download-folder', name: 'Download a folder with four parallel transfers', code: 'supabase storage cp -r -j 4 ss:///avatars ./backup --experimental' },
      ],
      load: () => import('../../commands/storage-cp.command.js'),
    },
    {
      name: 'mv',
      summary: 'Move or rename objects within a bucket',
      description:
        'Moves an object to a new path in the same bucket; both arguments are ss:/// paths, and moving to another ' +
        'bucket is refused. With -r, a folder is moved object by object.',
      args: { min: 2, max: 2, usage: '<src> <dst>' },
      flags: [recursiveFlag('Move every object under a folder.')],
      examples: [{ id: 'rename', name: 'Rename an object', code: 'supabase storage mv ss:///docs/draft.pdf ss:///docs/final.pdf --experimental' }],
      load: () => import('../../commands/storage-mv.command.js'),
    },
    {
      name: 'rm',
      summary: 'Delete objects, folders or whole buckets',
      description:
        'Deletes the given objects after a confirmation per bucket (default yes). Folders need -r; a bare bucket ' +
        'path with -r empties the bucket and then deletes it.',
      args: { min: 1, max: Infinity, usage: '<file> ...' },
      flags: [recursiveFlag('Also delete folders with everything in them.')],
      examples: [
        { id: 'single-file', name: 'Delete one object', code: 'supabase storage rm ss:///public/images/logo.png --experimental' },
        { id: 'whole-bucket', name: 'Delete a bucket and its contents', code: 'supabase storage rm -r ss:///scratch --experimental' },
      ],
      load: () => import('../../commands/storage-rm.command.js'),
    },
  ],
);
