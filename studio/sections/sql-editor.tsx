/**
 * SQL editor: a query or a whole script run against the local database through postgres-meta's
 * `/query` (as the original's Studio runs it), the rows of its last statement that returned any
 * as a grid, an error with the line and column it points at (the cursor put there), the
 * history of what ran, and snippets saved to the project.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { columnsOf, DataGrid, type Row } from '../components/data-grid';
import { ServiceNotice } from '../components/service-notice';
import type { StudioConfig } from '../config';
import { ApiError, errorText, pgMeta } from '../http';
import { errorPosition, lineAndColumn } from '../sql/error-position';
import { loadHistory, recordHistory } from '../sql/query-history';
import { SnippetPanel } from '../sql/snippet-panel';

/** Rows drawn at most: a grid of a million cells would stall the page; the count stays exact. */
const SHOWN_ROWS = 1000;

type Outcome = { kind: 'rows'; rows: Row[]; ms: number } | { kind: 'error'; message: string; where?: string };

export function SqlEditor({ config }: { config: StudioConfig }) {
  const editorId = useId();
  const editor = useRef<HTMLTextAreaElement>(null);
  const [sql, setSql] = useState('select now();');
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const [history, setHistory] = useState(() => loadHistory(config.projectId));

  async function run() {
    const query = sql;
    if (query.trim() === '' || running) return;
    setRunning(true);
    const started = performance.now();
    try {
      const rows = await pgMeta<Row[]>('query', 'POST', { query });
      setOutcome({ kind: 'rows', rows, ms: Math.round(performance.now() - started) });
      setHistory((old) => recordHistory(config.projectId, old, { sql: query, at: new Date().toISOString(), ok: true }));
    } catch (error) {
      const message = errorText(error);
      const position = error instanceof ApiError ? errorPosition(error.body) : undefined;
      let where: string | undefined;
      if (position !== undefined) {
        const { line, column, offset } = lineAndColumn(query, position);
        where = `at line ${line}, column ${column}`;
        editor.current?.setSelectionRange(offset, offset);
      }
      setOutcome({ kind: 'error', message, where });
      if (error instanceof ApiError && error.status !== 0 && error.status !== 502 && error.status !== 503) {
        setHistory((old) => recordHistory(config.projectId, old, { sql: query, at: new Date().toISOString(), ok: false }));
      }
    } finally {
      setRunning(false);
    }
  }

  function shortcut(event: KeyboardEvent) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void run();
    }
  }

  const open = (text: string) => {
    setSql(text);
    editor.current?.focus();
  };

  return (
    <>
      <ServiceNotice probe={() => pgMeta('query', 'POST', { query: 'select 1' })} />
      <label htmlFor={editorId}>SQL</label>
      <textarea
        id={editorId}
        ref={editor}
        className="editor"
        value={sql}
        onChange={(event) => setSql(event.target.value)}
        onKeyDown={shortcut}
        spellCheck={false}
        aria-describedby={`${editorId}-hint`}
      />
      <p id={`${editorId}-hint`} className="hint">
        Runs as the postgres role on the local database. Ctrl+Enter runs it too.
      </p>
      <div className="toolbar">
        <button type="button" className="primary" onClick={run} disabled={running}>
          {running ? 'Running…' : 'Run'}
        </button>
      </div>
      <section aria-labelledby="sql-results" aria-busy={running}>
        <h2 id="sql-results">Results</h2>
        {outcome?.kind === 'error' && (
          <div className="error" role="alert">
            {outcome.where && <strong>Error {outcome.where}{'\n'}</strong>}
            {outcome.message}
          </div>
        )}
        {outcome?.kind === 'rows' && (
          <>
            <p role="status">
              {outcome.rows.length === 1 ? '1 row' : `${outcome.rows.length} rows`} in {outcome.ms} ms
              {outcome.rows.length > SHOWN_ROWS && `, the first ${SHOWN_ROWS} shown (add a limit to the query to choose them)`}
            </p>
            {outcome.rows.length > 0 && <DataGrid label="Query results" columns={columnsOf(outcome.rows)} rows={outcome.rows.slice(0, SHOWN_ROWS)} />}
          </>
        )}
        {!outcome && <p className="hint">Run a query to see its rows here.</p>}
      </section>
      <SnippetPanel enabled={config.snippets} sql={sql} onOpen={open} />
      <section aria-labelledby="sql-history">
        <h2 id="sql-history">History</h2>
        {history.length === 0 ? (
          <p className="hint">Queries you run are listed here.</p>
        ) : (
          <ol className="list history">
            {history.map((entry) => (
              <li key={entry.at + entry.sql}>
                <button type="button" onClick={() => open(entry.sql)} title={entry.sql}>
                  {new Date(entry.at).toLocaleTimeString()} {entry.ok ? '' : '(failed) '}
                  {entry.sql.split('\n')[0]!.slice(0, 80)}
                </button>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
