/**
 * Reads the examples of the docs site's client method pages (docs-site/content/reference/<library>/
 * *.mdx with a `part` in their frontmatter): each `<MethodExample>` holds, in this order, a ```sql
 * block (the data source the example assumes; for Edge Functions a ```ts block, the function's
 * index.ts, its first line `// supabase/functions/<name>/index.ts`), a ```js block (the supabase-js code, run with
 * `supabase`, `totp(secret)`, `mailedLink(address)` and `idToken({ nonce })` in scope) and a ```json block (the response the page shows). The response is the
 * object of the names the code's last `const` declares: `const { data, error } = ...` or
 * `const status = ...`.
 * content/README.md describes the format for writers; this is its one reader outside the site.
 * Values that differ on every run (ids the server makes, times, tokens) are shown as placeholders
 * (`"<uuid>"`, `"<timestamp>"`, ...), each standing for any value of its kind and nothing else.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { TOTP } from 'otpauth';
import { parse as parseYaml } from 'yaml';

export const DOCS_CONTENT = new URL('../../../docs-site/content/', import.meta.url);

export interface MethodExample {
  /** The `###` heading above the example. */
  title: string;
  /** The key the example's client uses: `anon` unless `<MethodExample client="service_role">`. */
  client: 'anon' | 'service_role';
  /** The client's auth flow: `implicit` unless `<MethodExample flow="pkce">` (exchangeCodeForSession). */
  flow: 'implicit' | 'pkce';
  /** The SQL the example assumes ('' for an Edge Function's example). */
  setupSql: string;
  /** An Edge Function the example calls: its name and its index.ts. */
  edgeFunction?: { name: string; source: string };
  code: string;
  /** The response as the page shows it (parsed JSON). */
  response: unknown;
  /** The names the code's last `const` declares (`{ data, error }` or one name): the response's keys. */
  names: string[];
}

export interface MethodPage {
  /** The page's route, `/reference/javascript/select`. */
  route: string;
  file: string;
  title: string;
  part: string;
  examples: MethodExample[];
  /** What is wrong with the page's examples, if anything: the runner fails the page with it. */
  problems: string[];
}

const EXAMPLE = /<MethodExample((?:\s+\w+="[^"]*")*)\s*>([\s\S]*?)<\/MethodExample>/g;
const ATTRIBUTE = /(\w+)="([^"]*)"/g;
/** The attributes an example may have, with the values each accepts (the first is the default). */
const ATTRIBUTES = { client: ['anon', 'service_role'], flow: ['implicit', 'pkce'] } as const;

/** An example's attributes, or what is wrong with one. */
function readAttributes(title: string, text: string): Pick<MethodExample, 'client' | 'flow'> | string {
  const read: Record<string, string> = { client: 'anon', flow: 'implicit' };
  for (const [, name, value] of text.matchAll(ATTRIBUTE)) {
    const accepted = (ATTRIBUTES as Record<string, readonly string[]>)[name!];
    if (!accepted?.includes(value!)) return `example "${title}" has ${name}="${value}"; it accepts ${Object.entries(ATTRIBUTES).map(([key, values]) => values.slice(1).map((v) => `${key}="${v}"`).join(', ')).join(', ')}`;
    read[name!] = value!;
  }
  return read as Pick<MethodExample, 'client' | 'flow'>;
}
const FENCE = /^```(\w+)[^\n]*\n([\s\S]*?)^```\s*$/gm;
const LAST_DESTRUCTURING = /const\s*(?:\{([^}]*)\}|([A-Za-z_$][\w$]*))\s*=/g;

/** The names a `const { data, count: total, error }` declares (`total`, not `count`). */
function declaredNames(list: string): string[] {
  return list.split(',').map((entry) => entry.trim()).filter(Boolean).map((entry) => entry.split(':').pop()!.trim());
}

/** One `<MethodExample>`'s blocks, or what keeps it from being one. */
function readExample(title: string, attributes: Pick<MethodExample, 'client' | 'flow'>, body: string): MethodExample | string {
  const blocks = [...body.matchAll(FENCE)].map(([, language, text]) => ({ language: language!, text: text! }));
  const languages = blocks.map((b) => b.language).join(', ');
  if (languages !== 'sql, js, json' && languages !== 'ts, js, json') return `example "${title}" has blocks ${languages || 'none'}; it needs sql (or an Edge Function's ts), js, json in that order`;
  const [setup, code, shown] = blocks as [typeof blocks[0], typeof blocks[0], typeof blocks[0]];
  let edgeFunction: MethodExample['edgeFunction'];
  if (setup.language === 'ts') {
    const name = /^\/\/ supabase\/functions\/([a-z][\w-]*)\/index\.ts\n/.exec(setup.text)?.[1];
    if (!name) return `example "${title}": its ts block must start with the line \`// supabase/functions/<name>/index.ts\``;
    edgeFunction = { name, source: setup.text };
  }
  const last = [...code.text.matchAll(LAST_DESTRUCTURING)].pop();
  if (!last) return `example "${title}": its code declares no \`const\` whose names the response shows`;
  let response: unknown;
  try {
    response = JSON.parse(shown.text);
  } catch (error) {
    return `example "${title}": its response is not JSON (${(error as Error).message})`;
  }
  return { title, ...attributes, setupSql: edgeFunction ? '' : setup.text, ...(edgeFunction && { edgeFunction }), code: code.text, response, names: last[1] === undefined ? [last[2]!] : declaredNames(last[1]) };
}

/** A method page from its MDX text; `route` names it in problems. */
export function readMethodPage(route: string, file: string, text: string): MethodPage | null {
  const front = /^---\n([\s\S]*?)\n---\n/.exec(text);
  const meta = (front ? parseYaml(front[1]!) : {}) as { title?: string; part?: string };
  if (!meta.part) return null;
  const page: MethodPage = { route, file, title: meta.title ?? route, part: meta.part, examples: [], problems: [] };
  for (const match of text.matchAll(EXAMPLE)) {
    const heading = [...text.slice(0, match.index).matchAll(/^###\s+(.+)$/gm)].pop()?.[1]?.trim() ?? `example ${page.examples.length + 1}`;
    const attributes = readAttributes(heading, match[1]!);
    const example = typeof attributes === 'string' ? attributes : readExample(heading, attributes, match[2]!);
    if (typeof example === 'string') page.problems.push(example);
    else page.examples.push(example);
  }
  if (page.examples.length === 0 && page.problems.length === 0) page.problems.push('the page has no <MethodExample>');
  return page;
}

/** Every method page of a library's newest version, by route. */
export function methodPages(library: string): MethodPage[] {
  const dir = new URL(`reference/${library}/`, DOCS_CONTENT);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.mdx'))
    .sort()
    .map((name) => {
      const file = path.join(dir.pathname, name);
      return readMethodPage(`/reference/${library}/${name.replace(/\.mdx$/, '')}`, file, readFileSync(file, 'utf8'));
    })
    .filter((page): page is MethodPage => page !== null);
}

/** The API's address as pages show it: the local stack's default. */
export const SHOWN_API_URL = 'http://127.0.0.1:54321';

/**
 * A result as a page shows it: through JSON, with a Blob (a download) as its size and type, which
 * JSON alone would print as `{}`, and the stack's address (a free port in tests) as the default one.
 */
export function asShown(value: unknown, apiUrl: string): unknown {
  return JSON.parse(JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof Blob) return { size: item.size, type: item.type };
    return typeof item === 'string' ? item.replaceAll(apiUrl, SHOWN_API_URL) : item;
  })) as unknown;
}

/** What each placeholder a page may show stands for. */
export const PLACEHOLDERS: Record<string, (value: unknown) => boolean> = {
  '<uuid>': (value) => typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value),
  '<timestamp>': (value) => typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(value),
  '<jwt>': (value) => typeof value === 'string' && /^[\w-]+\.[\w-]+\.[\w-]+$/.test(value),
  '<token>': (value) => typeof value === 'string' && value.length > 0,
  '<epoch seconds>': (value) => typeof value === 'number' && Number.isInteger(value) && value > 1_600_000_000,
  // What supabase-js computes itself from a token's expiry and its clock, fractions included (setSession).
  '<seconds left>': (value) => typeof value === 'number' && value > 0 && value <= 86_400,
  '<url>': (value) => typeof value === 'string' && /^https?:\/\//.test(value),
  '<otpauth url>': (value) => typeof value === 'string' && value.startsWith('otpauth://totp/'),
  '<svg data url>': (value) => typeof value === 'string' && value.startsWith('data:image/svg+xml;'),
};

/**
 * `mailedLink(address)` for the examples of a stack whose mail catcher answers at `inboxUrl`: the
 * first link of the newest mail to that address, as the reader would click it (Inbucket keeps a
 * mailbox per local part). Auth sends a mail before it answers, so the newest one is the example's;
 * the mailbox is emptied after reading, so that a later call waits for a new mail.
 */
export function mailedLinkFrom(inboxUrl: string): (address: string) => Promise<string> {
  return async (address) => {
    const mailbox = `${inboxUrl}/api/v1/mailbox/${encodeURIComponent(address.split('@')[0]!)}`;
    for (const deadline = Date.now() + 5_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
      const list = (await (await fetch(mailbox)).json()) as Array<{ id: string }>;
      if (list.length === 0) continue;
      const mail = (await (await fetch(`${mailbox}/${list[list.length - 1]!.id}`)).json()) as { body: { html: string } };
      await fetch(mailbox, { method: 'DELETE' });
      const link = /href="([^"]+)"/.exec(mail.body.html)?.[1];
      if (!link) throw new Error(`the newest mail to ${address} holds no link`);
      return link.replaceAll('&amp;', '&');
    }
    throw new Error(`no mail to ${address} arrived within 5 s`);
  };
}

/**
 * The code an authenticator app shows now for a TOTP secret (30 s steps, 6 digits, SHA-1, as
 * GoTrue enrolls factors): in scope of every example as `totp(secret)`, since an MFA example needs
 * a code that exists only while it runs and cannot be written on the page.
 */
export function totp(secret: string): string {
  return new TOTP({ secret }).generate();
}

/**
 * `got` with each value that a placeholder of `shown` stands for replaced by that placeholder, so
 * that a deep comparison with `shown` checks everything else exactly (and a value of the wrong
 * kind stays, to show in the difference).
 */
export function maskLike(got: unknown, shown: unknown): unknown {
  if (typeof shown === 'string' && Object.hasOwn(PLACEHOLDERS, shown)) return PLACEHOLDERS[shown]!(got) ? shown : got;
  if (Array.isArray(shown) && Array.isArray(got)) return got.map((item, index) => maskLike(item, shown[index]));
  if (shown && got && typeof shown === 'object' && typeof got === 'object' && !Array.isArray(shown) && !Array.isArray(got)) {
    return Object.fromEntries(Object.entries(got).map(([key, value]) => [key, maskLike(value, (shown as Record<string, unknown>)[key])]));
  }
  return got;
}
