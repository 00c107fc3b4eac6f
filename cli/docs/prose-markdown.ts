/**
 * Terminal prose to Markdown, for the descriptions of the docs spec. The registry writes its
 * descriptions for `--help`, where `--dry-run` or `supabase/migrations/<timestamp>_<name>.sql` read
 * fine as they are; the original's spec holds Markdown, and as Markdown the same words lose their
 * look (flags, paths and variables read as plain words) or their text (`<timestamp>` is taken for an
 * HTML tag and dropped, leaving `supabase/migrations/_.sql`). So the things a reader types become
 * code spans, a placeholder left in running text is escaped, and what is already code stays as is.
 */

// A run of text characters that may hold `<placeholder>`s (which may hold spaces).
const PIECE = String.raw`(?:[\w.~*@-]|<[^<>\n]+>)`;
// A path: starts at a root the CLI's files live under, or is a file name with an extension.
const PATH = String.raw`(?:(?:supabase|\.{1,2}|~)?\/(?:${PIECE}|\/)+|(?:${PIECE}|\/)*\w\.(?:toml|sql|json|jsonc|ts|js|env|gitignore|yaml|yml|pem|crt|key)|\.(?:env|gitignore))`;
// An address with a scheme (http://, ss:///), shown as typed rather than linked.
const ADDRESS = String.raw`[a-z]+:\/\/(?:${PIECE}|[\/:])*`;
// Anything holding a placeholder is something to type with the placeholder filled in.
const TEMPLATE = String.raw`(?:${PIECE}|[\/:])*<[^<>\n]+>(?:${PIECE}|[\/:])*`;
const FLAG = String.raw`--?[a-zA-Z][\w-]*(?:=[\w.-]+)?`;
// An environment variable: capitals with at least one underscore (SUPABASE_ACCESS_TOKEN).
const VARIABLE = String.raw`[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+`;
// Each must stand alone: after a space, an opening bracket or the start, and before a space,
// punctuation that ends a clause, or the end.
const BEFORE = String.raw`(?<=^|[\s(])`;
const AFTER = String.raw`(?=$|[\s),;:!?]|\.(?:\s|$))`;
// One pass over plain text: what is code-like becomes a code span, and any other `<` is escaped so
// Markdown does not read it as the start of an HTML tag.
const PLAIN = new RegExp(`${BEFORE}(?:${ADDRESS}|${PATH}|${TEMPLATE}|${FLAG}|${VARIABLE})${AFTER}|<`, 'g');

function mark(match: string): string {
  if (match === '<') return '\\<';
  // A sentence's full stop or colon after a path is not part of it.
  const [, body, stops] = /^(.*?)([.:]*)$/s.exec(match) ?? [match, match, ''];
  return `\`${body}\`${stops}`;
}

/** Marks flags, paths and variables of plain prose as code, escaping stray `<`; code spans stay. */
export function proseToMarkdown(text: string): string {
  // Odd pieces of the split are existing code spans, kept word for word.
  return text
    .split(/(`[^`\n]*`)/)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(PLAIN, mark)))
    .join('');
}
