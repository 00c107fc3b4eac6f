/**
 * The statement splitter (the original's batch parser's rules): one pass of a small state machine over the script that
 * knows where `;` really ends a statement. It understands line comments, nested block comments,
 * '...' strings (with '' and, for E'...', backslash escapes), "quoted identifiers", $tag$ bodies,
 * parentheses (CREATE RULE bodies) and BEGIN ATOMIC ... END function bodies. Statements keep
 * their comments, lose the trailing `;` and surrounding blanks, and empty ones are dropped, as in
 * the original, so the `statements` recorded in the history table match what it records.
 */

/** One statement of a script. */
export interface SqlStatement {
  /** The statement as recorded and sent: trimmed, without its `;`. */
  text: string;
  /** Offset of `text` in the script. */
  offset: number;
  /** The first words outside comments and quotes, lower case (to recognise BEGIN, COMMIT, ...). */
  head: string[];
}

type Mode = 'code' | 'line-comment' | 'block-comment' | 'string' | 'escape-string' | 'identifier' | 'dollar';

const WORD_CHAR = /[A-Za-z0-9_]/;

/** Splits a script into its statements. */
export function scanStatements(sql: string): SqlStatement[] {
  const statements: SqlStatement[] = [];
  let mode: Mode = 'code';
  let start = 0;
  let blockDepth = 0;
  let parenDepth = 0;
  let atomicDepth = 0;
  let dollarTag = '';
  let words: string[] = [];
  let word = '';

  const endWord = (): void => {
    if (!word) return;
    const lower = word.toLowerCase();
    if (lower === 'atomic' && words.at(-1) === 'begin') atomicDepth++;
    else if (atomicDepth > 0 && lower === 'case') atomicDepth++;
    else if (atomicDepth > 0 && lower === 'end') atomicDepth--;
    words.push(lower);
    word = '';
  };
  const finish = (end: number): void => {
    const raw = sql.slice(start, end);
    const text = raw.trim();
    if (text) statements.push({ text, offset: start + raw.indexOf(text), head: words.slice(0, 4) });
    words = [];
  };

  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i]!;
    const next = sql[i + 1];
    switch (mode) {
      case 'line-comment':
        if (ch === '\n') mode = 'code';
        continue;
      case 'block-comment':
        if (ch === '/' && next === '*') {
          blockDepth++;
          i++;
        } else if (ch === '*' && next === '/') {
          i++;
          if (--blockDepth === 0) mode = 'code';
        }
        continue;
      case 'string':
      case 'identifier': {
        const quote = mode === 'string' ? "'" : '"';
        if (ch === quote && next === quote) i++;
        else if (ch === quote) mode = 'code';
        continue;
      }
      case 'escape-string':
        if (ch === '\\') i++;
        else if (ch === "'" && next === "'") i++;
        else if (ch === "'") mode = 'code';
        continue;
      case 'dollar':
        if (ch === '$' && sql.startsWith(dollarTag, i)) {
          i += dollarTag.length - 1;
          mode = 'code';
        }
        continue;
      case 'code':
        break;
    }
    if (WORD_CHAR.test(ch) || (word && ch === '$')) {
      word += ch;
      continue;
    }
    const prefix = word;
    endWord();
    if (ch === '-' && next === '-') {
      mode = 'line-comment';
      i++;
    } else if (ch === '/' && next === '*') {
      mode = 'block-comment';
      blockDepth = 1;
      i++;
    } else if (ch === "'") {
      // E'...' (any case, not part of a longer word) allows backslash escapes.
      mode = /^[eE]$/.test(prefix) ? 'escape-string' : 'string';
      if (mode === 'escape-string') words.pop();
    } else if (ch === '"') {
      mode = 'identifier';
    } else if (ch === '$') {
      const tag = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i, i + 64));
      if (tag) {
        dollarTag = tag[0];
        mode = 'dollar';
        i += dollarTag.length - 1;
      }
    } else if (ch === '(') {
      parenDepth++;
    } else if (ch === ')') {
      parenDepth = Math.max(0, parenDepth - 1);
    } else if (ch === ';' && parenDepth === 0 && atomicDepth === 0) {
      finish(i);
      start = i + 1;
    }
  }
  endWord();
  finish(sql.length);
  return statements;
}

/** The statement texts of a script: what the history table's `statements` column holds. */
export function splitStatements(sql: string): string[] {
  return scanStatements(sql).map((statement) => statement.text);
}

/** Whether a statement starts a transaction block (`begin`, `start transaction`), not `begin atomic`. */
export function opensTransaction(head: string[]): boolean {
  const [first, second] = head;
  return (first === 'begin' && second !== 'atomic') || (first === 'start' && second === 'transaction');
}

/** Whether a statement ends a transaction block (`commit`, `end`, `rollback`, `abort`). */
export function closesTransaction(head: string[]): boolean {
  const [first, second] = head;
  if (first === 'rollback' || first === 'abort') return second !== 'to' && second !== 'prepared';
  return (first === 'commit' && second !== 'prepared') || first === 'end';
}

/**
 * Whether PostgreSQL refuses the statement inside a transaction block, so that a file holding
 * only this statement must send it on its own (as the original's single-statement batch does).
 */
export function isNonTransactional(head: string[]): boolean {
  return /^(create (unique )?index concurrently|drop index concurrently|reindex|vacuum|create database|drop database|alter system|create tablespace|drop tablespace)\b/.test(
    head.join(' '),
  );
}

/** The 1-based line of a 0-based offset in `sql`. */
export function lineOfOffset(sql: string, offset: number): number {
  let line = 1;
  for (let k = 0; k < offset && k < sql.length; k++) if (sql[k] === '\n') line++;
  return line;
}

/** The 1-based line of a 1-based character position in `sql` (as PostgreSQL reports positions). */
export function lineAt(sql: string, position: number): number {
  return lineOfOffset(sql, position - 1);
}
