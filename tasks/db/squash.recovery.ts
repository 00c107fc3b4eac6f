/**
 * After an interrupted `migration squash`: before the squashed file replaced the last migration,
 * the squash is undone (the file written aside is removed; the migrations are untouched); after
 * it, the squash is finished (the older files it folded in are removed), as the journal lists them.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { OperationRecovery } from '../orchestration/recovery-types.js';
import { exists } from '../fs-exists.js';
import { squashedEvents } from './migration-events.js';

export const squashRecovery: OperationRecovery = {
  async run({ operation, session, step }) {
    const aside = typeof operation.params.aside === 'string' ? operation.params.aside : undefined;
    const target = typeof operation.params.target === 'string' ? operation.params.target : undefined;
    const removed = Array.isArray(operation.params.removed) ? operation.params.removed.map(String) : [];
    const replacing = operation.done.some((name) => name.startsWith('replace ')) || operation.step?.startsWith('replace ') || operation.step?.startsWith('remove ');
    // The rename is atomic: the aside file still there means the migrations were not touched.
    if (!aside || !target || (await exists(aside)) || !replacing) {
      if (aside) await step('remove the squashed file written aside', () => rm(aside, { force: true }));
      return { outcome: 'rolled back', detail: 'the migrations are as they were' };
    }
    await step('remove the squashed migrations', async () => {
      for (const file of removed) await rm(file, { force: true });
    });
    const into = /^(\d+)_/.exec(path.basename(target))?.[1] ?? '';
    const versions = removed.map((file) => ({ version: /^(\d+)_/.exec(path.basename(file))?.[1] ?? path.basename(file) }));
    session.append(squashedEvents(String(operation.params.stream ?? 'migrations:local'), versions, into));
    return { outcome: 'completed', detail: `${path.basename(target)} holds the squashed schema` };
  },
};
