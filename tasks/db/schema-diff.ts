/**
 * Schema diffing with migra (the TypeScript port, @pgkit/migra), as the original runs migra once
 * per schema: `--with-privileges --unsafe --schema=<s>`, and for `extensions` only
 * the CREATE EXTENSION statements, ignoring versions. The result is the SQL that turns `source`
 * into `target`.
 */
import { TaskError, messageOf } from '../task-error.js';

/** The SQL turning the source database's schemas into the target's; empty when they match. */
export async function diffSchemas(sourceUrl: string, targetUrl: string, schemas: string[]): Promise<string> {
  // Loaded on demand: migra and its inspector are large, and most commands never diff.
  const [{ Migration }, { createClient }] = await Promise.all([import('@pgkit/migra'), import('@pgkit/client')]);
  const source = createClient(sourceUrl);
  const target = createClient(targetUrl);
  try {
    let out = '';
    for (const schema of schemas) {
      const extensionsOnly = schema === 'extensions';
      const migration = await Migration.create(source, target, { schema, ignore_extension_versions: extensionsOnly });
      migration.set_safety(false);
      if (extensionsOnly) migration.add_extension_changes({ drops: false });
      else migration.add_all_changes(true);
      out += migration.sql;
    }
    return out;
  } catch (err) {
    throw new TaskError(`error diffing schema: ${messageOf(err)}`, undefined, { cause: err });
  } finally {
    await Promise.all([source.end(), target.end()]).catch(() => undefined);
  }
}

/** Statements of a diff that drop something, which the user should double check. */
export function dropStatements(diff: string): string[] {
  return diff.split(/;\s*\n/).map((statement) => statement.trim()).filter((statement) => /drop\s+/i.test(statement));
}
