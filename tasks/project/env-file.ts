/**
 * Reads the project's .env the way the original does with godotenv: `KEY=value` or
 * `KEY: value` lines, an optional `export `, `#` comments, single quotes taken literally, double
 * quotes with escapes and several lines, and `$VAR` / `${VAR}` expansion outside single quotes.
 * Variables already set in the environment win over the file, as godotenv.Load does.
 */
import { readFile } from 'node:fs/promises';
import { TaskError, messageOf } from '../task-error.js';

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** Parses .env text; `lookup` resolves $VAR references to variables defined outside the file. */
export function parseEnvFile(text: string, lookup: (name: string) => string | undefined = () => undefined): Record<string, string> {
  const vars: Record<string, string> = {};
  const resolve = (name: string): string => vars[name] ?? lookup(name) ?? '';
  const src = text.replace(/\r\n?/g, '\n');
  let i = 0;
  let line = 1;
  while (i < src.length) {
    const end = src.indexOf('\n', i) === -1 ? src.length : src.indexOf('\n', i);
    const raw = src.slice(i, end);
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) {
      i = end + 1;
      line++;
      continue;
    }
    const body = trimmed.replace(/^export\s+/, '');
    const sep = body.search(/[=:]/);
    const name = sep === -1 ? '' : body.slice(0, sep).trim();
    if (sep === -1 || !NAME.test(name)) {
      throw new Error(`line ${line}: expected NAME=value, got ${JSON.stringify(trimmed)}`);
    }
    const valueStart = i + raw.indexOf(body) + sep + 1;
    const rest = src.slice(valueStart).replace(/^[ \t]+/, '');
    const consumedLead = src.slice(valueStart).length - rest.length;
    const quote = rest[0];
    if (quote === '"' || quote === "'") {
      const close = findClosingQuote(rest, quote);
      if (close === -1) throw new Error(`line ${line}: unterminated quoted value for ${name}`);
      const inner = rest.slice(1, close);
      vars[name] = quote === "'" ? inner : expand(unescape(inner), resolve);
      const consumed = valueStart + consumedLead + close + 1;
      line += countNewlines(src.slice(i, consumed));
      const next = src.indexOf('\n', consumed);
      i = next === -1 ? src.length : next + 1;
      line++;
      continue;
    }
    const unquoted = rest.slice(0, rest.indexOf('\n') === -1 ? rest.length : rest.indexOf('\n'));
    vars[name] = expand(unquoted.replace(/\s+#.*$/, '').trim(), resolve);
    i = end + 1;
    line++;
  }
  return vars;
}

/**
 * Loads `<root>/.env` if it exists and returns the environment commands should see: the file's
 * variables under the process's own. A parse failure is `failed to load .env: ...`.
 */
export async function loadDotenv(file: string, env: NodeJS.ProcessEnv): Promise<NodeJS.ProcessEnv> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { ...env };
    throw new TaskError(`failed to load .env: ${messageOf(err)}`, undefined, { cause: err });
  }
  try {
    const vars = parseEnvFile(text, (name) => env[name]);
    return { ...vars, ...definedOnly(env) };
  } catch (err) {
    throw new TaskError(`failed to load .env: ${messageOf(err)}`, undefined, { cause: err });
  }
}

function definedOnly(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined));
}

function findClosingQuote(text: string, quote: string): number {
  for (let k = 1; k < text.length; k++) {
    if (quote === '"' && text[k] === '\\') k++;
    else if (text[k] === quote) return k;
  }
  return -1;
}

function unescape(text: string): string {
  return text.replace(/\\([\\nrt"$])/g, (_, ch: string) =>
    ch === 'n' ? '\n' : ch === 'r' ? '\r' : ch === 't' ? '\t' : ch === '$' ? '\\$' : ch,
  );
}

/** `$NAME` and `${NAME}` expansion; `\$` (kept by unescape) stays a literal dollar. */
function expand(text: string, resolve: (name: string) => string): string {
  return text
    .replace(/(\\)?\$(\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g, (whole, escaped: string | undefined, _b, braced: string | undefined, bare: string | undefined) =>
      escaped ? whole.slice(1) : resolve((braced ?? bare)!),
    );
}

function countNewlines(text: string): number {
  return text.split('\n').length - 1;
}
