/**
 * How both postgres-config commands print the overrides, as the original: a Parameter / Value table
 * between two marker lines.
 */
import { renderTable } from '../output/table.js';

export function describeOverrides(overrides: Record<string, unknown>): string {
  const rows = Object.entries(overrides).map(([name, value]) => [name, typeof value === 'object' ? JSON.stringify(value) : String(value)]);
  return `- Custom Postgres Config -\n${renderTable(['Parameter', 'Value'], rows)}- End of Custom Postgres Config -\n`;
}
