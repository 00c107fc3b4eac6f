/**
 * Saving the editor's query as `supabase/snippets/<name>.sql` (through the platform API process,
 * which knows the project folder) and opening saved ones.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { StatusLine } from '../components/messages';
import { ApiError, studioApi } from '../http';

interface Snippet {
  name: string;
  sql: string;
}

export function SnippetPanel({ enabled, sql, onOpen }: { enabled: boolean; sql: string; onOpen: (sql: string) => void }) {
  const nameId = useId();
  const [name, setName] = useState('');
  const [snippets, setSnippets] = useState<Snippet[]>([]);
  const [status, setStatus] = useState('');

  const refresh = () =>
    studioApi<Snippet[]>('snippets')
      .then(setSnippets)
      .catch((error: unknown) => setStatus(error instanceof ApiError ? error.message : String(error)));

  useEffect(() => {
    if (enabled) void refresh();
  }, [enabled]);

  if (!enabled) return <p className="notice">Snippets cannot be saved: this Studio was started without a project folder. Run supabase start in the project.</p>;

  async function save(event: FormEvent) {
    event.preventDefault();
    try {
      const saved = await studioApi<{ file: string }>(`snippets/${encodeURIComponent(name)}`, 'PUT', { sql });
      setStatus(`Saved ${saved.file}`);
      await refresh();
    } catch (error) {
      setStatus(error instanceof ApiError ? error.message : String(error));
    }
  }

  return (
    <section aria-labelledby="sql-snippets">
      <h2 id="sql-snippets">Snippets</h2>
      <form className="toolbar" onSubmit={save}>
        <div className="grow">
          <label htmlFor={nameId}>Snippet name</label>
          <input id={nameId} value={name} onChange={(event) => setName(event.target.value)} required placeholder="monthly-report" />
        </div>
        <button type="submit" disabled={sql.trim() === ''}>
          Save snippet
        </button>
      </form>
      <StatusLine text={status} />
      {snippets.length > 0 && (
        <ul className="list" aria-label="Saved snippets">
          {snippets.map((snippet) => (
            <li key={snippet.name}>
              <button type="button" onClick={() => onOpen(snippet.sql)}>
                Open {snippet.name}.sql
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
