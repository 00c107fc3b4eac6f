/**
 * The part of Go's template language that mail templates use: `{{ .Field }}` and
 * `{{ .Data.key }}` (with `{{-`/`-}}` trimming the blanks beside them). GoTrue renders its mails
 * with Go's html/template, which escapes what it inserts into HTML; the body is escaped the same
 * way (so a link's `&` reads `&amp;` in an href, as in the original's mail), the subject is not.
 * Any other action (if, range, pipelines) is refused by name, so a project's template that needs
 * more fails its mail with a clear cause rather than sending the action as text.
 */

/** The values a template is given (GoTrue's data map); `Data` is the user's metadata. */
export type TemplateData = Record<string, unknown>;

const ACTION = /(\s*)\{\{(-?)\s*([\s\S]*?)\s*(-?)\}\}(\s*)/g;
const FIELD = /^\.[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** html/template's escaping of text inserted into HTML (its &#34; and &#39; for quotes). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' })[c]!);
}

/** Go's printing of a value: nothing for a missing one, JSON-ish maps as Go's fmt writes `map[k:v]`. */
function goText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') {
    if (Array.isArray(value)) return `[${value.map(goText).join(' ')}]`;
    const entries = Object.keys(value).sort().map((key) => `${key}:${goText((value as Record<string, unknown>)[key])}`);
    return `map[${entries.join(' ')}]`;
  }
  return String(value);
}

function lookup(data: TemplateData, path: string): unknown {
  let value: unknown = data;
  for (const name of path.slice(1).split('.')) {
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined;
  }
  return value;
}

/** Renders `template` with `data`; `html` escapes the inserted values. Throws on an action it does not know. */
export function renderGoTemplate(template: string, data: TemplateData, html: boolean): string {
  return template.replace(ACTION, (_all, before: string, trimLeft: string, action: string, trimRight: string, after: string) => {
    if (action.startsWith('/*')) return (trimLeft ? '' : before) + (trimRight ? '' : after);
    if (!FIELD.test(action)) throw new Error(`template: unsupported action {{ ${action} }} (the native Auth renders {{ .Field }} and {{ .Data.key }})`);
    const text = goText(lookup(data, action));
    return (trimLeft ? '' : before) + (html ? escapeHtml(text) : text) + (trimRight ? '' : after);
  });
}
