/**
 * How the sso commands print providers, as the original: `pretty` is a property table (one provider) or
 * a list table; json, toml and yaml encode the API's answer through the one renderer.
 */
import type { CommandContext } from '../context.js';
import { renderOutput } from '../output/render.js';
import { renderTable } from '../output/table.js';
import { formatTimestamp } from '../output/timestamp.js';
import type { XMLFormatterOptions } from 'xml-formatter';
import type { components } from '../../tasks/management-api/client/management-api.gen.js';

export type Provider = components['schemas']['Provider'];

const LIST_HEADERS = ['TYPE', 'IDENTITY PROVIDER ID', 'DOMAINS', 'SAML 2.0 `EntityID`', 'CREATED AT (UTC)', 'UPDATED AT (UTC)'];

/** Writes a value in the --output format, `pretty` text coming from `pretty`. */
export async function printResult(ctx: CommandContext, value: unknown, pretty: () => string | Promise<string>): Promise<void> {
  const format = String(ctx.flags.output ?? 'pretty');
  ctx.io.stdout(format === 'pretty' ? await pretty() : await renderOutput(format, { value }));
}

/** One provider in the --output format. */
export function printProvider(ctx: CommandContext, provider: Provider): Promise<void> {
  return printResult(ctx, provider, () => describeProvider(provider));
}

/** The list table: one row per provider. */
export function describeProviders(providers: Provider[]): string {
  const rows = providers.map((provider) => [
    protocolOf(provider),
    provider.id,
    domainsOf(provider),
    entityIdOf(provider),
    formatTimestamp(provider.created_at),
    formatTimestamp(provider.updated_at),
  ]);
  return `\n${renderTable(LIST_HEADERS, rows)}\n`;
}

/**
 * The property table of one provider, then its attribute mapping and metadata XML when present.
 * The original shows created_at in the UPDATED row; this shows updated_at there.
 */
export async function describeProvider(provider: Provider): Promise<string> {
  const rows: string[][] = [['IDENTITY PROVIDER ID', provider.id], ['TYPE', protocolOf(provider)], ['DOMAINS', domainsOf(provider)]];
  if (provider.saml) {
    rows.push(['SAML 2.0 METADATA', provider.saml.metadata_url || 'FILE'], ['SAML 2.0 `EntityID`', entityIdOf(provider)]);
  }
  rows.push(['CREATED AT (UTC)', formatTimestamp(provider.created_at)], ['UPDATED AT (UTC)', formatTimestamp(provider.updated_at)]);
  let text = `\n${renderTable(['PROPERTY', 'VALUE'], rows)}`;
  const mapping = provider.saml?.attribute_mapping;
  if (mapping && Object.keys(mapping.keys ?? {}).length > 0) text += `\n## Attribute Mapping\n\n${JSON.stringify(mapping, null, 2)}\n`;
  const xml = provider.saml?.metadata_xml;
  if (xml) text += `\n## SAML 2.0 Metadata XML\n\n${await prettyXml(xml)}\n`;
  return `${text}\n`;
}

function protocolOf(provider: Provider): string {
  const saml = provider.saml;
  const empty = !saml || Object.values(saml).every((value) => value === undefined || value === '');
  return empty ? 'unknown' : 'SAML 2.0';
}

function domainsOf(provider: Provider): string {
  const domains = (provider.domains ?? []).map((domain) => domain.domain).filter((domain): domain is string => Boolean(domain));
  return domains.length > 0 ? domains.join(', ') : '-';
}

function entityIdOf(provider: Provider): string {
  return provider.saml?.entity_id || '-';
}

/** Indented XML (through xml-formatter); metadata that does not parse is shown as it came. */
async function prettyXml(xml: string): Promise<string> {
  // The package is CommonJS whose module.exports is the function, while its types describe an ES default export.
  const loaded = (await import('xml-formatter')).default as unknown;
  const format = loaded as (xml: string, options?: XMLFormatterOptions) => string;
  try {
    return format(xml, { indentation: '  ', collapseContent: true, lineSeparator: '\n' });
  } catch {
    return xml;
  }
}
