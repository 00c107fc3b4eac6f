/**
 * The --debug log. Every line passes through the redactor first, so access tokens, JWTs,
 * passwords in connection strings and secret-looking variables never reach stderr or a ticket.
 */
import type { DebugLog } from './context.js';

const SECRET_PATTERNS: Array<[RegExp, string]> = [
  [/sbp_[a-f0-9]{40}/g, 'sbp_[REDACTED]'],
  [/eyJ[\w-]+\.[\w-]+\.[\w-]+/g, '[REDACTED JWT]'],
  // A URL's password, whatever the scheme, user name or none.
  [/([a-z][a-z0-9+.-]*:\/\/[^:\s/@]*:)[^@\s]+@/gi, '$1[REDACTED]@'],
  // Keyword/value connection strings and URL parameters: password=secret, password = 'a b', ?password=x&...
  [/\b(password\s*=\s*)('(?:\\.|[^'\\])*'|[^\s&]+)/gi, '$1[REDACTED]'],
  [/("password"\s*:\s*)"(?:\\.|[^"\\])*"/gi, '$1"[REDACTED]"'],
  [/\b(authorization\s*:\s*bearer\s+)\S+/gi, '$1[REDACTED]'],
  [/\b(apikey\s*[:=]\s*)\S+/gi, '$1[REDACTED]'],
  [/\b(\w*(?:PASSWORD|SECRET|TOKEN|KEY)\w*=)\S+/g, '$1[REDACTED]'],
];

/** Removes secrets from a line of text. */
export function redact(text: string): string {
  return SECRET_PATTERNS.reduce((line, [pattern, replacement]) => line.replace(pattern, replacement), text);
}

/** A log that keeps every line (for tickets) and prints them only when enabled. */
export function createDebugLog(enabled: boolean, write: (text: string) => void): DebugLog {
  const kept: string[] = [];
  return {
    debug(message: string) {
      const line = redact(message);
      kept.push(line);
      if (enabled) write(`${line}\n`);
    },
    lines: () => [...kept],
  };
}
