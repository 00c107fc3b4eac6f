/**
 * A light lexical pass over SQL: comments, quoted strings, quoted identifiers and dollar-quoted
 * bodies are blanked out (newlines kept, so offsets and line numbers stay valid). On what is left,
 * `;` separates statements, and transaction-control keywords can be found without being fooled
 * by a plpgsql body's `begin ... end;`. This is not a full statement splitter; that is a later
 * piece of work (the original's tokenizer, facts §5.2).
 */

/** Returns `sql` with every non-code character replaced by a space, except newlines. */
export function maskSql(sql: string): string {
  const out = sql.split('');
  const blank = (from: number, to: number): void => {
    for (let k = from; k < to && k < out.length; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i]!;
    const next = sql[i + 1];
    if (ch === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end === -1 ? sql.length : end;
      blank(i, stop);
      i = stop;
    } else if (ch === '/' && next === '*') {
      let depth = 1;
      let k = i + 2;
      while (k < sql.length && depth > 0) {
        if (sql[k] === '/' && sql[k + 1] === '*') {
          depth++;
          k += 2;
        } else if (sql[k] === '*' && sql[k + 1] === '/') {
          depth--;
          k += 2;
        } else {
          k++;
        }
      }
      blank(i, k);
      i = k;
    } else if (ch === "'" || ch === '"') {
      const escapes = ch === "'" && /[eE]/.test(sql[i - 1] ?? '') && !/[A-Za-z0-9_]/.test(sql[i - 2] ?? '');
      let k = i + 1;
      while (k < sql.length) {
        if (escapes && sql[k] === '\\') k += 2;
        else if (sql[k] === ch && sql[k + 1] === ch) k += 2;
        else if (sql[k] === ch) break;
        else k++;
      }
      blank(i, k + 1);
      i = k + 1;
    } else if (ch === '$' && !/[A-Za-z0-9_]/.test(sql[i - 1] ?? '')) {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i));
      if (!tag) {
        i++;
        continue;
      }
      const close = sql.indexOf(tag[0], i + tag[0].length);
      const stop = close === -1 ? sql.length : close + tag[0].length;
      blank(i, stop);
      i = stop;
    } else {
      i++;
    }
  }
  return out.join('');
}

/** A statement's place in the source: [start, end) offsets, end excluding the `;`. */
export interface StatementSpan {
  start: number;
  end: number;
}

/**
 * Statement boundaries: `;` outside quotes and comments, except inside a `BEGIN ATOMIC ... END`
 * function body, whose inner statements belong to the CREATE FUNCTION.
 */
export function statementSpans(sql: string): StatementSpan[] {
  const masked = maskSql(sql);
  const spans: StatementSpan[] = [];
  let start = 0;
  let atomicDepth = 0;
  const word = /[A-Za-z_][A-Za-z0-9_]*|;/g;
  let previous = '';
  for (const match of masked.matchAll(word)) {
    const token = match[0].toLowerCase();
    if (token === ';') {
      if (atomicDepth === 0) {
        spans.push({ start, end: match.index });
        start = match.index + 1;
      }
    } else if (token === 'atomic' && previous === 'begin') atomicDepth++;
    else if (atomicDepth > 0 && token === 'case') atomicDepth++;
    else if (atomicDepth > 0 && token === 'end') atomicDepth--;
    previous = token;
  }
  spans.push({ start, end: sql.length });
  return spans.filter((span) => masked.slice(span.start, span.end).trim() !== '');
}

/** The statements of a script, trimmed, without the trailing `;`, empty ones dropped. */
export function splitStatements(sql: string): string[] {
  return statementSpans(sql).map((span) => sql.slice(span.start, span.end).trim()).filter(Boolean);
}

/** The first words of each statement (lower case), comments and quotes ignored. */
function leadingWords(sql: string): string[][] {
  const masked = maskSql(sql);
  return statementSpans(sql).map((span) => masked.slice(span.start, span.end).trim().toLowerCase().split(/\s+/).slice(0, 4));
}

/** Whether the script opens or ends transactions itself (`begin;`, `commit;`, `start transaction`). */
export function hasTransactionControl(sql: string): boolean {
  return leadingWords(sql).some(([first, second]) =>
    (first === 'begin' && second !== 'atomic') || first === 'commit' || first === 'end' || (first === 'start' && second === 'transaction'),
  );
}

/**
 * Whether the script is one statement that PostgreSQL refuses inside a transaction block
 * (`create index concurrently`, `vacuum`, ...), so it must be sent on its own.
 */
export function isNonTransactionalStatement(sql: string): boolean {
  const statements = leadingWords(sql);
  if (statements.length !== 1) return false;
  const text = statements[0]!.join(' ');
  return /^(create (unique )?index concurrently|drop index concurrently|reindex|vacuum|create database|drop database|alter system|create tablespace|drop tablespace|cluster)\b/.test(
    text,
  );
}

/** The 1-based line of a 1-based character position in `sql` (as PostgreSQL reports positions). */
export function lineAt(sql: string, position: number): number {
  let line = 1;
  for (let k = 0; k < position - 1 && k < sql.length; k++) if (sql[k] === '\n') line++;
  return line;
}
