/**
 * Where each column of a view comes from, read from the view's stored query (`pg_rewrite.ev_action`,
 * PostgreSQL's node-tree text). PostgREST and postgres-meta find relationships through views this
 * way: a target entry of the view's top-level query names the table and column it passes through
 * (`resorigtbl`, `resorigcol`), zero when it computes the value.
 *
 * Our own reader, because no maintained library parses the node-tree format. It only needs
 * the nesting: `{NODE :field value ...}` is a node, `( ... )` a list, `<>` null, and a
 * backslash escapes the next character (names with spaces, braces or parentheses).
 */

/** One visible or junk output column of a view's query. */
export interface TargetEntry {
  /** Position in the query's output, 1-based; the view's attnum for visible columns. */
  resno: number;
  /** The table (or view) oid the value is read from, 0 when computed. */
  originTable: number;
  /** The column number in that relation, 0 when computed. */
  originColumn: number;
}

/** The target entries of the first query in a view's rewrite action; none when unreadable. */
export function viewTargetEntries(tree: string): TargetEntry[] {
  const query = tree.indexOf('{QUERY');
  if (query < 0) return [];
  const list = fieldValueStart(tree, query, ':targetList');
  if (list < 0 || tree[list] !== '(') return [];
  const entries: TargetEntry[] = [];
  const end = closing(tree, list);
  for (let at = list + 1; at < end; at++) {
    const char = tree[at];
    if (char === '\\') at++;
    else if (char === '{') {
      const entryEnd = closing(tree, at);
      const fields = atomFields(tree, at, entryEnd);
      entries.push({ resno: Number(fields.resno), originTable: Number(fields.resorigtbl ?? 0), originColumn: Number(fields.resorigcol ?? 0) });
      at = entryEnd;
    }
  }
  return entries.filter((entry) => Number.isInteger(entry.resno));
}

/** The index of the bracket that closes the one at `open`, or the text's length. */
function closing(tree: string, open: number): number {
  let depth = 0;
  for (let at = open; at < tree.length; at++) {
    const char = tree[at];
    if (char === '\\') at++;
    else if (char === '{' || char === '(') depth++;
    else if (char === '}' || char === ')') {
      depth--;
      if (depth === 0) return at;
    }
  }
  return tree.length;
}

/** Where the value of `key` starts among the node's own fields (not nested ones), or -1. */
function fieldValueStart(tree: string, node: number, key: string): number {
  const at = ownFieldKeys(tree, node, closing(tree, node)).find((colon) => tree.startsWith(key, colon) && tree[colon + key.length] === ' ');
  return at === undefined ? -1 : at + key.length + 1;
}

/** The node's own fields whose values are single words (nested nodes and lists are skipped). */
function atomFields(tree: string, node: number, end: number): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const colon of ownFieldKeys(tree, node, end)) {
    const keyEnd = tree.indexOf(' ', colon);
    if (keyEnd < 0 || keyEnd >= end) break;
    const valueStart = keyEnd + 1;
    if (tree[valueStart] === '{' || tree[valueStart] === '(') continue;
    let valueEnd = valueStart;
    while (valueEnd < end && tree[valueEnd] !== ' ' && tree[valueEnd] !== '}') valueEnd += tree[valueEnd] === '\\' ? 2 : 1;
    fields[tree.slice(colon + 1, keyEnd)] = tree.slice(valueStart, valueEnd);
  }
  return fields;
}

/** Positions of the `:` that start the node's own field names, skipping nested nodes and lists. */
function ownFieldKeys(tree: string, node: number, end: number): number[] {
  const keys: number[] = [];
  let depth = 0;
  for (let at = node + 1; at < end; at++) {
    const char = tree[at];
    if (char === '\\') at++;
    else if (char === '{' || char === '(') depth++;
    else if (char === '}' || char === ')') depth--;
    else if (depth === 0 && char === ':' && tree[at - 1] === ' ') keys.push(at);
  }
  return keys;
}
