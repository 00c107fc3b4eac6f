/**
 * `sso add|list|show|update|remove|info` against the spec-validating local Management API, with
 * the original's routes: SAML metadata from a file, domains and attribute mapping, every output format, and the
 * failure wording.
 */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import { ManagementHarness, REF } from '../helpers/management-harness.js';

const ID = '6df4d73f-bf21-405f-a084-b11adf19fea5';
const XML = '<?xml version="1.0"?><md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.example.com/saml"><md:IDPSSODescriptor/></md:EntityDescriptor>';
const MAPPING = { keys: { email: { name: 'mail' }, groups: { names: ['memberOf'], default: 'member' } } };

function provider(domains: string[], extra: Record<string, unknown> = {}) {
  return {
    id: ID,
    saml: { id: 'saml-1', entity_id: 'https://idp.example.com/saml', metadata_xml: XML, attribute_mapping: MAPPING, ...extra },
    domains: domains.map((domain, index) => ({ id: `d${index}`, domain })),
    created_at: '2024-02-01T08:00:00Z',
    updated_at: '2024-02-05T12:00:00Z',
  };
}

describe('sso commands', () => {
  const h = new ManagementHarness();
  before(async () => {
    await h.start();
    await writeFile(path.join(h.project, 'idp.xml'), XML);
    await writeFile(path.join(h.project, 'mapping.json'), JSON.stringify(MAPPING));
    await writeFile(path.join(h.project, 'latin1.xml'), Buffer.from([0x3c, 0x61, 0xe9, 0x3e]));
  });
  after(() => h.stop());

  describe('add', () => {
    it('sends the metadata file, domains and mapping, and prints the property table', async () => {
      h.answer('createProviderForProject', { status: 201, body: provider(['example.com', 'example.org']) });
      const result = await h.run(['sso', 'add', '-t', 'saml', '--metadata-file', 'idp.xml', '--domains', 'example.com,example.org', '--attribute-mapping-file', 'mapping.json']);
      assert.equal(result.code, 0, result.stderr);
      const sent = h.only('createProviderForProject');
      assert.equal(sent.params.ref, REF);
      assert.deepEqual(sent.body, { type: 'saml', metadata_xml: XML, attribute_mapping: MAPPING, domains: ['example.com', 'example.org'] });
      const rows = result.stdout.split('\n').slice(3, 10).map((line) => line.trim().split(/\s+\|\s+/));
      assert.deepEqual(rows, [
        ['IDENTITY PROVIDER ID', ID],
        ['TYPE', 'SAML 2.0'],
        ['DOMAINS', 'example.com, example.org'],
        ['SAML 2.0 METADATA', 'FILE'],
        ['SAML 2.0 `EntityID`', 'https://idp.example.com/saml'],
        ['CREATED AT (UTC)', '2024-02-01 08:00:00'],
        ['UPDATED AT (UTC)', '2024-02-05 12:00:00'],
      ]);
      assert.match(result.stdout, /\n## Attribute Mapping\n\n\{\n {2}"keys": \{\n {4}"email": \{\n {6}"name": "mail"/);
      assert.match(result.stdout, /\n## SAML 2.0 Metadata XML\n\n<\?xml version="1.0"\?>\n<md:EntityDescriptor [^\n]+>\n {2}<md:IDPSSODescriptor\/>\n<\/md:EntityDescriptor>\n/);
    });

    it('sends an unvalidated --metadata-url with --skip-url-validation, and no domains when none were given', async () => {
      h.answer('createProviderForProject', { status: 201, body: provider([], { metadata_url: 'http://idp.internal/metadata' }) });
      const result = await h.run(['sso', 'add', '--type', 'saml', '--metadata-url', 'http://idp.internal/metadata', '--skip-url-validation', '-o', 'json']);
      assert.equal(result.code, 0, result.stderr);
      assert.deepEqual(h.only('createProviderForProject').body, { type: 'saml', metadata_url: 'http://idp.internal/metadata' });
      assert.equal(JSON.parse(result.stdout).saml.metadata_url, 'http://idp.internal/metadata');
    });

    it('checks its input before calling the API', async () => {
      const cases: Array<[string[], string, number]> = [
        [['sso', 'add', '--metadata-file', 'idp.xml'], 'required flag(s) "type" not set', 2],
        [['sso', 'add', '-t', 'saml', '--metadata-file', 'idp.xml', '--metadata-url', 'https://x'], 'if any flags in the group [metadata-file metadata-url] are set none of the others can be; [metadata-file metadata-url] were all set', 2],
        [['sso', 'add', '-t', 'saml', '--metadata-file', 'latin1.xml'], `SAML Metadata XML at "${path.join(h.project, 'latin1.xml')}" is not UTF-8 encoded`, 1],
        [['sso', 'add', '-t', 'saml', '--metadata-url', 'http://idp.example.com/metadata'], 'only HTTPS Metadata URLs are supported Use --skip-url-validation to suppress this error', 1],
        [['sso', 'add', '-t', 'saml', '--metadata-file', 'idp.xml', '--attribute-mapping-file', 'idp.xml'], 'failed to parse attribute mapping: ', 1],
      ];
      for (const [argv, message, code] of cases) {
        const result = await h.run(argv);
        assert.equal(result.code, code, argv.join(' '));
        assert.ok(result.stderr.startsWith(message), result.stderr);
        assert.equal(h.api.requests.length, 0);
      }
    });

    it('fails with the original wording', async () => {
      const argv = ['sso', 'add', '-t', 'saml', '--metadata-file', 'idp.xml'];
      const forbidden = '{"message":"forbidden"}';
      await h.expectFailures(argv, 'createProviderForProject', [
        { answer: { status: 404, raw: '{"message":"not found"}' }, message: 'SAML 2.0 support is not enabled for this project. Please enable it through the dashboard' },
        { answer: { status: 403, raw: forbidden }, message: `Unexpected error adding identity provider: ${forbidden}` },
      ]);
      await h.expectUnreachable(argv);
    });
  });

  describe('list', () => {
    const listed = { items: [provider(['example.com']), { id: '0b5e7c7a-1111-4222-8333-944455556666' }] };

    it('prints the table, or {"providers": [...]} in the machine formats', async () => {
      h.answer('listAllProviders', { status: 200, body: listed });
      const pretty = await h.run(['sso', 'list']);
      assert.equal(pretty.code, 0, pretty.stderr);
      const lines = pretty.stdout.split('\n');
      assert.deepEqual(lines[1].trim().split(/\s+\|\s+/), ['TYPE', 'IDENTITY PROVIDER ID', 'DOMAINS', 'SAML 2.0 `EntityID`', 'CREATED AT (UTC)', 'UPDATED AT (UTC)']);
      assert.deepEqual(lines[3].trim().split(/\s+\|\s+/), ['SAML 2.0', ID, 'example.com', 'https://idp.example.com/saml', '2024-02-01 08:00:00', '2024-02-05 12:00:00']);
      // A provider without times leaves those cells empty.
      assert.deepEqual(lines[4].split('|').map((cell) => cell.trim()), ['unknown', listed.items[1].id, '-', '-', '', '']);
      const json = await h.run(['sso', 'list', '-o', 'json']);
      assert.deepEqual(JSON.parse(json.stdout), { providers: listed.items });
      assert.equal(json.stderr, '');
      assert.deepEqual(parseYaml((await h.run(['sso', 'list', '-o', 'yaml'])).stdout), { providers: listed.items });
      assert.equal((parseToml((await h.run(['sso', 'list', '-o', 'toml'])).stdout) as { providers: Array<{ id: string }> }).providers[1].id, listed.items[1].id);
    });

    it('fails with the original wording', async () => {
      const forbidden = '{"message":"forbidden"}';
      await h.expectFailures(['sso', 'list'], 'listAllProviders', [
        { answer: { status: 404, raw: '{}' }, message: 'Looks like SAML 2.0 support is not enabled for this project. Please use the dashboard to enable it.' },
        { answer: { status: 403, raw: forbidden }, message: `unexpected error listing identity providers: ${forbidden}` },
      ]);
      await h.expectUnreachable(['sso', 'list', '-o', 'json']);
    });
  });

  describe('show', () => {
    it('prints the provider, or only its metadata XML with --metadata', async () => {
      h.answer('getProviderById', { status: 200, body: provider(['example.com']) });
      const pretty = await h.run(['sso', 'show', ID]);
      assert.equal(pretty.code, 0, pretty.stderr);
      assert.equal(h.only('getProviderById').params.provider_id, ID);
      assert.match(pretty.stdout, /IDENTITY PROVIDER ID +\| 6df4d73f/);
      const xml = await h.run(['sso', 'show', ID, '--metadata']);
      assert.equal(xml.stdout, `${XML}\n`);
      const yaml = await h.run(['sso', 'show', ID, '-o', 'yaml']);
      assert.deepEqual(parseYaml(yaml.stdout), provider(['example.com']));
    });

    it('refuses an id that is not a UUID', async () => {
      const result = await h.run(['sso', 'show', 'okta']);
      assert.equal(result.code, 1);
      assert.equal(result.stderr.split('\n')[0], 'identity provider ID "okta" is not a UUID');
      assert.equal(h.api.requests.length, 0);
    });

    it('fails with the original wording', async () => {
      const forbidden = '{"message":"forbidden"}';
      await h.expectFailures(['sso', 'show', ID], 'getProviderById', [
        { answer: { status: 404, raw: '{}' }, message: `An identity provider with ID "${ID}" could not be found.` },
        { answer: { status: 403, raw: forbidden }, message: `Unexpected error fetching identity provider: ${forbidden}` },
      ]);
      await h.expectUnreachable(['sso', 'show', ID]);
    });
  });

  describe('update', () => {
    beforeEach(() => {
      h.answer('getProviderById', { status: 200, body: provider(['a.com', 'b.com']) });
      h.answer('updateProviderById', ({ body }) => ({ status: 200, body: provider((body as { domains?: string[] }).domains ?? ['a.com', 'b.com']) }));
    });

    it('edits the current domains with --add-domains and --remove-domains', async () => {
      const result = await h.run(['sso', 'update', ID, '--add-domains', 'c.com', '--remove-domains', 'a.com', '-o', 'json']);
      assert.equal(result.code, 0, result.stderr);
      assert.deepEqual(h.only('updateProviderById').body, { domains: ['b.com', 'c.com'] });
      assert.deepEqual(JSON.parse(result.stdout).domains.map((domain: { domain: string }) => domain.domain), ['b.com', 'c.com']);
    });

    it('replaces them with --domains, and sends new metadata', async () => {
      const result = await h.run(['sso', 'update', ID, '--domains', 'z.com', '--metadata-file', 'idp.xml']);
      assert.equal(result.code, 0, result.stderr);
      assert.deepEqual(h.only('updateProviderById').body, { metadata_xml: XML, domains: ['z.com'] });
    });

    it('leaves the domains alone when no domain flag is given', async () => {
      await h.run(['sso', 'update', ID, '--attribute-mapping-file', 'mapping.json']);
      assert.deepEqual(h.only('updateProviderById').body, { attribute_mapping: MAPPING });
    });

    it('keeps --domains apart from --add-domains', async () => {
      const result = await h.run(['sso', 'update', ID, '--domains', 'a.com', '--add-domains', 'b.com']);
      assert.equal(result.code, 2);
      assert.match(result.stderr, /^if any flags in the group \[domains add-domains\]/);
    });

    it('fails with the original wording', async () => {
      const forbidden = '{"message":"forbidden"}';
      await h.expectFailures(['sso', 'update', ID, '--domains', 'a.com'], 'getProviderById', [
        { answer: { status: 404, raw: '{}' }, message: `An identity provider with ID "${ID}" could not be found.` },
        { answer: { status: 403, raw: forbidden }, message: `unexpected error fetching identity provider: ${forbidden}` },
      ]);
      h.answer('getProviderById', { status: 200, body: provider(['a.com']) });
      await h.expectFailures(['sso', 'update', ID, '--domains', 'a.com'], 'updateProviderById', [
        { answer: { status: 403, raw: forbidden }, message: `unexpected error updating identity provider: ${forbidden}` },
      ]);
      await h.expectUnreachable(['sso', 'update', ID]);
    });
  });

  describe('remove', () => {
    it('deletes the provider and prints it', async () => {
      h.answer('removeProviderById', { status: 200, body: provider(['example.com']) });
      const result = await h.run(['sso', 'remove', ID, '-o', 'toml']);
      assert.equal(result.code, 0, result.stderr);
      assert.equal(h.only('removeProviderById').params.provider_id, ID);
      assert.equal((parseToml(result.stdout) as { id: string }).id, ID);
    });

    it('fails with the original wording', async () => {
      const forbidden = '{"message":"forbidden"}';
      await h.expectFailures(['sso', 'remove', ID], 'removeProviderById', [
        { answer: { status: 404, raw: '{}' }, message: `An identity provider with ID "${ID}" could not be found.` },
        { answer: { status: 403, raw: forbidden }, message: `Unexpected error removing identity provider: ${forbidden}` },
      ]);
      await h.expectUnreachable(['sso', 'remove', ID]);
    });
  });

  describe('info', () => {
    it('derives the service provider values from the ref without calling the API', async () => {
      const production = { SUPABASE_INTERNAL_API_HOST: 'https://api.supabase.com' };
      const pretty = await h.run(['sso', 'info'], { env: production });
      assert.equal(pretty.code, 0, pretty.stderr);
      assert.deepEqual(pretty.stdout.split('\n').slice(3, 6).map((line) => line.trim().split(/\s+\|\s+/)), [
        ['Single sign-on URL (ACS URL)', `https://${REF}.supabase.co/auth/v1/sso/saml/acs`],
        ['Audience URI (SP Entity ID)', `https://${REF}.supabase.co/auth/v1/sso/saml/metadata`],
        ['Default Relay State', `https://${REF}.supabase.co`],
      ]);
      const json = await h.run(['sso', 'info', '-o', 'json', '--project-ref', 'zyxwvutsrqponmlkjihg'], { env: production });
      assert.deepEqual(JSON.parse(json.stdout), {
        acs_url: 'https://zyxwvutsrqponmlkjihg.supabase.co/auth/v1/sso/saml/acs',
        entity_id: 'https://zyxwvutsrqponmlkjihg.supabase.co/auth/v1/sso/saml/metadata',
        relay_state: 'https://zyxwvutsrqponmlkjihg.supabase.co',
      });
      assert.equal(h.api.requests.length, 0);
    });
  });
});
