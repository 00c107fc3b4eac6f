/** `functions new <slug>`, as the original: supabase/functions/<slug>/index.ts, never overwriting one. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FUNCTIONS_DIR, inProject } from '../project/project-paths.js';
import { TaskError, messageOf } from '../task-error.js';
import { validateSlug } from './function-slug.js';
import { functionTemplate, type TemplateValues } from './function-template.js';

/** Writes the template and returns the function's folder, project-relative. */
export async function newFunction(root: string, values: TemplateValues): Promise<string> {
  const slug = validateSlug(values.slug);
  const relative = `${FUNCTIONS_DIR}/${slug}`;
  const folder = inProject(root, relative);
  try {
    await mkdir(folder, { recursive: true });
    // `wx`: an existing entrypoint is an error, as the original's exclusive create.
    await writeFile(path.join(folder, 'index.ts'), functionTemplate({ ...values, slug }), { flag: 'wx' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'EEXIST' ? `open ${relative}/index.ts: file exists` : messageOf(error);
    throw new TaskError(`failed to create function entrypoint: ${reason}`, code === 'EEXIST' ? `Pick another name, or edit ${relative}/index.ts.` : undefined, { cause: error });
  }
  return relative;
}
