/** How `init` turns a folder name into a project id (the original's sanitising of the
 * folder's base name). */

/**
 * Each run of characters outside [a-zA-Z0-9_.-] becomes `_`, then leading `_`, `.` and `-` are
 * stripped, so the id is safe in container, volume and folder names.
 */
export function sanitizeProjectId(name: string): string {
  return name.replace(/[^a-zA-Z0-9_.-]+/g, '_').replace(/^[_.-]+/, '');
}
