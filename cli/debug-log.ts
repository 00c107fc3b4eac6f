/**
 * The --debug log. Every line passes through the redactor first, so access tokens, JWTs,
 * passwords in connection strings and secret-looking variables never reach stderr or a ticket.
 */
import type { DebugLog } from './context.js';
import { SecretValues } from './secret-values.js';

const SECRET_PATTERNS: Array<[RegExp, string]> = [
  // Any access token, not only a well-formed one: a mistyped token is still mostly the token.
  [/sbp_[A-Za-z0-9_]{16,}/g, 'sbp_[REDACTED]'],
  [/eyJ[\w-]+\.[\w-]+\.[\w-]+/g, '[REDACTED JWT]'],
  // A URL's password, whatever the scheme, user name or none, up to the LAST @ of the word: a
  // password not percent-encoded may hold @ itself (postgresql://postgres:p@ss@word@host/db).
  [/([a-z][a-z0-9+.-]*:\/\/[^:\s/]*:)\S*@/gi, '$1[REDACTED]@'],
  // Keyword/value connection strings and URL parameters: password=secret, password = 'a b', ?password=x&...
  [/\b(password\s*=\s*)('(?:\\.|[^'\\])*'|[^\s&]+)/gi, '$1[REDACTED]'],
  [/("password"\s*:\s*)"(?:\\.|[^"\\])*"/gi, '$1"[REDACTED]"'],
  [/\b(authorization\s*:\s*bearer\s+)\S+/gi, '$1[REDACTED]'],
  [/\b(apikey\s*[:=]\s*)\S+/gi, '$1[REDACTED]'],
  [/\b(\w*(?:PASSWORD|SECRET|TOKEN|KEY)\w*=)\S+/g, '$1[REDACTED]'],
];

/** Removes secrets from a line of text: those that look like one, and the values `known` holds. */
export function redact(text: string, known?: SecretValues): string {
  const hidden = known ? known.hide(text) : text;
  return SECRET_PATTERNS.reduce((line, [pattern, replacement]) => line.replace(pattern, replacement), hidden);
}

/**
 * A log that keeps every line (for tickets) and prints them only when enabled. `known` holds the
 * secrets this run knows by value; handlers add to it through conceal().
 */
export function createDebugLog(enabled: boolean, write: (text: string) => void, known = new SecretValues()): DebugLog {
  const kept: string[] = [];
  return {
    debug(message: string) {
      const line = redact(message, known);
      kept.push(line);
      if (enabled) write(`${line}\n`);
    },
    conceal: (value) => known.add(value),
    // Hidden again: a value concealed late may sit in a line logged before it was known.
    lines: () => kept.map((line) => known.hide(line)),
  };
}
