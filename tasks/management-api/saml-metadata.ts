/**
 * Inputs of `sso add` and `sso update`, checked as the original checks them: the identity
 * provider's SAML metadata from a file or an HTTPS address, and an optional attribute-mapping JSON
 * file. Metadata must be UTF-8; an address is fetched once here first (unless skipped) so a typo
 * fails before the platform sees it.
 */
import { readFile } from 'node:fs/promises';
import { TaskError, messageOf } from '../task-error.js';
import { USER_AGENT } from '../version.js';
import type { components } from './client/management-api.gen.js';

export type AttributeMapping = components['schemas']['AttributeMapping'];

const SKIP_HINT = ' Use --skip-url-validation to suppress this error';

/** The file's text, refused when its bytes are not valid UTF-8. */
export async function readMetadataFile(file: string): Promise<string> {
  const bytes = await readFile(file).catch((error: unknown) => {
    throw new TaskError(`failed to open metadata file: ${messageOf(error)}`);
  });
  return decodeUtf8(bytes, file);
}

/** Fetches the address as the platform would and checks it answers 200 with UTF-8; failures say how to skip the check. */
export async function checkMetadataUrl(address: string): Promise<void> {
  try {
    await fetchMetadata(address);
  } catch (error) {
    throw new TaskError(`${messageOf(error)}${SKIP_HINT}`, undefined, { cause: error });
  }
}

async function fetchMetadata(address: string): Promise<void> {
  let url: URL;
  try {
    url = new URL(address);
  } catch (error) {
    throw new Error(`failed to parse metadata uri: ${messageOf(error)}`);
  }
  if (url.protocol !== 'https:') throw new Error('only HTTPS Metadata URLs are supported');
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: 'application/xml', 'User-Agent': USER_AGENT } });
  } catch (error) {
    throw new Error(`failed to send http request: ${messageOf((error as { cause?: unknown }).cause ?? error)}`);
  }
  const bytes = Buffer.from(await response.arrayBuffer());
  // The original's wording, typo included: scripts may match on it.
  if (response.status !== 200) throw new Error(`received HTTP ${response.status} ${response.statusText} when fetching metatada at "${address}"`);
  decodeUtf8(bytes, address);
}

/** The attribute mapping file: a JSON object whose `keys` maps claim names to SAML attributes. */
export async function readAttributeMapping(file: string): Promise<AttributeMapping> {
  const text = await readFile(file, 'utf8').catch((error: unknown) => {
    throw new TaskError(`failed to open attribute mapping: ${messageOf(error)}`);
  });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new TaskError(`failed to parse attribute mapping: ${messageOf(error)}`);
  }
  const keys = (parsed as { keys?: unknown } | null)?.keys;
  if (typeof keys !== 'object' || keys === null || Array.isArray(keys)) {
    throw new TaskError('failed to parse attribute mapping: expected an object with a "keys" map', 'See https://supabase.com/docs/guides/auth/sso/auth-sso-saml for the format.');
  }
  return { keys: keys as AttributeMapping['keys'] };
}

function decodeUtf8(bytes: Buffer, source: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new TaskError(`SAML Metadata XML at "${source}" is not UTF-8 encoded`);
  }
}
