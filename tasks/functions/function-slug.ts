/**
 * Function names, as the original checks them: a slug starts with a letter and then has letters, digits, `_` and `-`,
 * because it becomes a URL path segment and a folder name on the platform.
 */
import { TaskError } from '../task-error.js';

export const FUNCTION_SLUG = /^[A-Za-z][A-Za-z0-9_-]*$/;

/** The original's message for a name that is not a slug (it quotes the pattern). */
export const INVALID_SLUG =
  'Invalid Function name. Must start with at least one letter, and only include alphanumeric characters, underscores, and hyphens. (^[A-Za-z][A-Za-z0-9_-]*$)';

/** Returns the slug, or throws the original's message. */
export function validateSlug(slug: string): string {
  if (!FUNCTION_SLUG.test(slug)) throw new TaskError(INVALID_SLUG);
  return slug;
}
