/**
 * The provider settings `sso add` and `sso update` share: metadata from --metadata-file or
 * --metadata-url (exclusive in the registry), and --attribute-mapping-file. Relative paths start
 * at the project root.
 */
import path from 'node:path';
import type { CommandContext } from '../context.js';
import { UserError } from '../errors.js';
import { checkMetadataUrl, readAttributeMapping, readMetadataFile, type AttributeMapping } from '../../tasks/management-api/saml-metadata.js';

export interface ProviderSource {
  metadata_xml?: string;
  metadata_url?: string;
  attribute_mapping?: AttributeMapping;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The provider id argument, which must be a lower-case UUID. */
export function providerIdArg(ctx: CommandContext): string {
  const id = ctx.args[0];
  if (!UUID.test(id)) throw new UserError(`identity provider ID ${JSON.stringify(id)} is not a UUID`);
  return id;
}

/** The message for a provider id the platform does not know. */
export function providerNotFound(id: string): string {
  return `An identity provider with ID ${JSON.stringify(id)} could not be found.`;
}

/** Reads and checks whichever of the metadata and mapping flags were given. */
export async function providerSource(ctx: CommandContext): Promise<ProviderSource> {
  const source: ProviderSource = {};
  const file = String(ctx.flags['metadata-file'] ?? '');
  const url = String(ctx.flags['metadata-url'] ?? '');
  if (file) source.metadata_xml = await readMetadataFile(path.resolve(ctx.projectRoot, file));
  else if (url) {
    if (ctx.flags['skip-url-validation'] !== true) await checkMetadataUrl(url);
    source.metadata_url = url;
  }
  const mapping = String(ctx.flags['attribute-mapping-file'] ?? '');
  if (mapping) source.attribute_mapping = await readAttributeMapping(path.resolve(ctx.projectRoot, mapping));
  return source;
}
