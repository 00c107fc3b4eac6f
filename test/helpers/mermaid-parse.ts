/**
 * Mermaid's own stateDiagram-v2 grammar, for checking our output. mermaid is installed for the
 * docs site; its public parse() needs a DOM, so this loads the grammar (a jison parser) from the
 * chunk that defines it and gives it a stub database that only collects the statements.
 * Returns undefined when mermaid is not installed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** A statement Mermaid parsed: a state (with nested doc) or a relation between two states. */
export interface MermaidStatement {
  stmt: string;
  id?: string;
  state1?: { id: string };
  state2?: { id: string };
  description?: string | string[];
  doc?: MermaidStatement[];
}

interface JisonParser {
  yy: Record<string, unknown>;
  parse: (text: string) => unknown;
}

let parser: JisonParser | null | undefined;

async function loadParser(): Promise<JisonParser | null> {
  if (parser !== undefined) return parser;
  try {
    const root = path.dirname(createRequire(import.meta.url).resolve('mermaid/package.json'));
    const chunks = path.join(root, 'dist', 'chunks', 'mermaid.core');
    const file = readdirSync(chunks).find((name) => name.endsWith('.mjs') && readFileSync(path.join(chunks, name), 'utf8').includes('stateDiagram_default,'));
    const module = file ? ((await import(pathToFileURL(path.join(chunks, file)).href)) as { stateDiagram_default?: JisonParser }) : {};
    parser = module.stateDiagram_default ?? null;
  } catch {
    parser = null;
  }
  return parser;
}

/** Parses Mermaid text with Mermaid's grammar; throws on a syntax error; undefined without mermaid. */
export async function parseMermaidState(text: string): Promise<MermaidStatement[] | undefined> {
  const grammar = await loadParser();
  if (!grammar) return undefined;
  let root: MermaidStatement[] = [];
  grammar.yy = {
    getDividerId: () => 'divider',
    setAccDescription: () => {},
    setAccTitle: () => {},
    setDirection: () => {},
    setRootDoc: (doc: MermaidStatement[]) => (root = doc),
    trimColon: (value: string) => value.replace(/^:\s*/, '').trim(),
  };
  grammar.parse(text);
  return root;
}
