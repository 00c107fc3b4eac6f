/**
 * A postgres_changes binding's parameters as realtime v2.25.50 reads them
 * (PostgresCdcRls.Subscriptions.parse_subscription_params): `schema` (default `public` when only a
 * table is named), `table` (`*` for every table of the schema) and at most one `filter`,
 * `column=op.value` with op one of eq, neq, lt, lte, gt, gte, in; an `in` value is a parenthesised
 * list, stored as a Postgres array literal. A refusal is realtime's sentence, with its inspect.
 */
import { inspect } from '../elixir-inspect.js';

export const FILTER_OPERATORS = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in'] as const;

export interface ParsedParams {
  schema: string;
  table: string;
  /** [column, operator, value] */
  filters: Array<[string, string, string]>;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The parsed parameters, or realtime's reason for refusing them. */
export function parseSubscriptionParams(params: Record<string, unknown>): ParsedParams | { error: string } {
  const schema = text(params.schema);
  const table = text(params.table);
  const filter = params.filter;
  if (schema !== undefined && table !== undefined && filter !== undefined) {
    const filterText = typeof filter === 'string' ? filter : '';
    const at = filterText.indexOf('=');
    if (at < 0) return { error: `Error parsing \`filter\` params: ${inspect([filterText])}` };
    const column = filterText.slice(0, at);
    const rest = filterText.slice(at + 1);
    const dot = rest.indexOf('.');
    const parts = dot < 0 ? [rest] : [rest.slice(0, dot), rest.slice(dot + 1)];
    if (parts.length !== 2 || !(FILTER_OPERATORS as readonly string[]).includes(parts[0])) return { error: `Error parsing \`filter\` params: ${inspect(parts)}` };
    const [operator, value] = parts;
    if (operator === 'in') {
      const list = /^\((.*)\)$/s.exec(value);
      if (!list) return { error: 'Error parsing `filter` params: `in` filter value must be wrapped by parentheses' };
      return { schema, table, filters: [[column, operator, `{${list[1]}}`]] };
    }
    return { schema, table, filters: [[column, operator, value]] };
  }
  if (schema !== undefined && table !== undefined) return { schema, table, filters: [] };
  if (schema !== undefined) return { schema, table: '*', filters: [] };
  if (table !== undefined) return { schema: 'public', table, filters: [] };
  const shown = 'user_token' in params || 'auth_token' in params ? '<redacted>' : inspect(params);
  return { error: `No subscription params provided. Please provide at least a \`schema\` or \`table\` to subscribe to: ${shown}` };
}
