/**
 * The experimental project settings: `postgres-config get|update`, `ssl-enforcement get|update`,
 * `network-restrictions get|update`, `network-bans get|remove`, against the spec-validating local
 * Management API, with the original's routes and printed lines.
 */
import assert from 'node:assert/strict';
import { ManagementHarness, REF, forbiddenAndBroken } from '../helpers/management-harness.js';

const X = '--experimental';

describe('project settings commands', () => {
  const h = new ManagementHarness();
  before(() => h.start());
  after(() => h.stop());

  it('all need --experimental', async () => {
    for (const group of ['postgres-config', 'ssl-enforcement', 'network-restrictions', 'network-bans']) {
      const result = await h.run([group, 'get']);
      assert.equal(result.code, 2);
      assert.equal(result.stderr.split('\n')[0], 'must set the --experimental flag to run this command');
    }
  });

  describe('postgres-config', () => {
    const current = { max_connections: 60, statement_timeout: '10s' };

    it('get prints the overrides between the marker lines', async () => {
      h.answer('getConfig', { status: 200, body: current });
      const result = await h.run(['postgres-config', 'get', X]);
      assert.equal(result.code, 0, result.stderr);
      assert.equal(result.stdout, [
        '- Custom Postgres Config -',
        '  Parameter         | Value',
        '  ------------------|------',
        '  max_connections   | 60',
        '  statement_timeout | 10s',
        '- End of Custom Postgres Config -',
        '',
      ].join('\n'));
    });

    it('update merges typed values into the current overrides, then prints what the platform holds', async () => {
      let stored: Record<string, unknown> = { ...current };
      h.answer('getConfig', () => ({ status: 200, body: stored }));
      h.answer('updateConfig', ({ body }) => ((stored = body as Record<string, unknown>), { status: 200, body }));
      const result = await h.run(['postgres-config', 'update', X, '--config', 'max_connections=100', '--config', 'session_replication_role=replica,work_mem=8MB']);
      assert.equal(result.code, 0, result.stderr);
      assert.deepEqual(h.only('updateConfig').body, { max_connections: 100, statement_timeout: '10s', session_replication_role: 'replica', work_mem: '8MB' });
      assert.equal(h.api.calls('getConfig').length, 2);
      assert.match(result.stdout, /^- Custom Postgres Config -\n[^]*\n {2}max_connections +\| 100\n[^]*- End of Custom Postgres Config -\n$/);
    });

    it('update --replace-existing-overrides sends only the given values, without reading first', async () => {
      h.answer('getConfig', { status: 200, body: { max_connections: 100 } });
      h.answer('updateConfig', ({ body }) => ({ status: 200, body }));
      const result = await h.run(['postgres-config', 'update', X, '--config', 'max_connections=100', '--replace-existing-overrides']);
      assert.equal(result.code, 0, result.stderr);
      assert.deepEqual(h.only('updateConfig').body, { max_connections: 100 });
      assert.equal(h.api.calls('getConfig').length, 1);
    });

    it('update refuses an item that is not key=value before calling the API', async () => {
      for (const item of ['max_connections', 'search_path=a=b']) {
        const result = await h.run(['postgres-config', 'update', X, '--config', item]);
        assert.equal(result.code, 1);
        assert.equal(result.stderr.split('\n')[0], `expected config value in key:value format, received: '${item}'`);
        assert.equal(h.api.requests.length, 0);
      }
    });

    it('fail with the status, the body and, for a 400, the docs', async () => {
      const broken = '{"message":"internal"}';
      await h.expectFailures(['postgres-config', 'get', X], 'getConfig', [
        { answer: { status: 500, raw: broken }, message: `error in retrieving Postgres config overrides: 500 Internal Server Error (${broken})` },
      ]);
      h.answer('getConfig', { status: 200, body: current });
      await h.expectFailures(['postgres-config', 'update', X, '--config', 'max_connections=100'], 'updateConfig', [
        { answer: { status: 500, raw: broken }, message: `failed to update config overrides: 500 Internal Server Error (${broken})` },
      ]);
      const invalid = '{"message":"max_connections is too large"}';
      h.answer('updateConfig', { status: 400, raw: invalid });
      const rejected = await h.run(['postgres-config', 'update', X, '--config', 'max_connections=100'], {
        allowViolations: ['updateConfig: status 400 is not a documented response'],
      });
      assert.equal(rejected.code, 1);
      assert.deepEqual(rejected.stderr.split('\n').slice(0, 2), [
        `failed to update config overrides: 400 Bad Request (${invalid})`,
        'An override is probably unsupported or has an invalid value; see https://supabase.com/docs/guides/platform/custom-postgres-config',
      ]);
      await h.expectUnreachable(['postgres-config', 'get', X]);
      await h.expectUnreachable(['postgres-config', 'update', X, '--config', 'max_connections=100', '--replace-existing-overrides']);
    });
  });

  describe('ssl-enforcement', () => {
    const answer = (database: boolean, appliedSuccessfully: boolean) => ({ status: 200, body: { currentConfig: { database }, appliedSuccessfully } });

    it('get says whether SSL is enforced (only when applied)', async () => {
      for (const [database, applied, line] of [[true, true, 'SSL is being enforced.'], [true, false, 'SSL is *NOT* being enforced.'], [false, true, 'SSL is *NOT* being enforced.']] as const) {
        h.answer('getSslEnforcementConfig', answer(database, applied));
        const result = await h.run(['ssl-enforcement', 'get', X, '--project-ref', REF]);
        assert.equal(result.stdout, `${line}\n`);
      }
    });

    it('update sends the requested state and reports the new one', async () => {
      h.answer('updateSslEnforcementConfig', ({ body }) => answer((body as { requestedConfig: { database: boolean } }).requestedConfig.database, true));
      const on = await h.run(['ssl-enforcement', 'update', X, '--enable-db-ssl-enforcement']);
      assert.deepEqual(h.only('updateSslEnforcementConfig').body, { requestedConfig: { database: true } });
      assert.equal(on.stdout, 'SSL is now being enforced.\n');
      const off = await h.run(['ssl-enforcement', 'update', X, '--disable-db-ssl-enforcement']);
      assert.deepEqual(h.only('updateSslEnforcementConfig').body, { requestedConfig: { database: false } });
      assert.equal(off.stdout, 'SSL is *NOT* being enforced.\n');
    });

    it('update needs exactly one of the two flags', async () => {
      const neither = await h.run(['ssl-enforcement', 'update', X]);
      assert.equal(neither.code, 2);
      assert.equal(neither.stderr.split('\n')[0], 'enable/disable not specified');
      const both = await h.run(['ssl-enforcement', 'update', X, '--enable-db-ssl-enforcement', '--disable-db-ssl-enforcement']);
      assert.equal(both.code, 2);
      assert.match(both.stderr, /^if any flags in the group \[enable-db-ssl-enforcement disable-db-ssl-enforcement\] are set none of the others can be/);
      assert.equal(h.api.requests.length, 0);
    });

    it('fail with the original wording', async () => {
      await h.expectFailures(['ssl-enforcement', 'get', X], 'getSslEnforcementConfig', forbiddenAndBroken((body) => `failed to retrieve SSL enforcement config; received: ${body}`));
      await h.expectFailures(['ssl-enforcement', 'update', X, '--enable-db-ssl-enforcement'], 'updateSslEnforcementConfig', forbiddenAndBroken((body) => `failed to update SSL enforcement config: ${body}`));
      await h.expectUnreachable(['ssl-enforcement', 'get', X]);
      await h.expectUnreachable(['ssl-enforcement', 'update', X, '--disable-db-ssl-enforcement']);
    });
  });

  describe('network-restrictions', () => {
    const restrictions = (v4: string[], v6: string[], status: 'applied' | 'stored') => ({
      entitlement: 'allowed' as const, config: { dbAllowedCidrs: v4, dbAllowedCidrsV6: v6 }, status,
    });

    it('get prints both lists and whether they are applied', async () => {
      h.answer('getNetworkRestrictions', { status: 200, body: restrictions(['203.0.113.0/24', '198.51.100.7/32'], [], 'applied') });
      const result = await h.run(['network-restrictions', 'get', X]);
      assert.equal(result.code, 0, result.stderr);
      assert.equal(result.stdout, 'DB Allowed IPv4 CIDRs: [203.0.113.0/24 198.51.100.7/32]\nDB Allowed IPv6 CIDRs: []\nRestrictions applied successfully: true\n');
    });

    it('update splits the ranges by family and always sends both lists', async () => {
      h.answer('applyNetworkRestrictions', ({ body }) => {
        const sent = body as { dbAllowedCidrs: string[]; dbAllowedCidrsV6: string[] };
        return { status: 201, body: restrictions(sent.dbAllowedCidrs, sent.dbAllowedCidrsV6, 'stored') };
      });
      const result = await h.run(['network-restrictions', 'update', X, '--db-allow-cidr', '203.0.113.0/24,2001:db8::/32', '--db-allow-cidr', '0.0.0.0/0']);
      assert.equal(result.code, 0, result.stderr);
      assert.deepEqual(h.only('applyNetworkRestrictions').body, { dbAllowedCidrs: ['203.0.113.0/24', '0.0.0.0/0'], dbAllowedCidrsV6: ['2001:db8::/32'] });
      assert.equal(result.stdout, 'DB Allowed IPv4 CIDRs: [203.0.113.0/24 0.0.0.0/0]\nDB Allowed IPv6 CIDRs: [2001:db8::/32]\nRestrictions applied successfully: false\n');
      await h.run(['network-restrictions', 'update', X]);
      assert.deepEqual(h.only('applyNetworkRestrictions').body, { dbAllowedCidrs: [], dbAllowedCidrsV6: [] });
    });

    it('update refuses malformed and (unless bypassed) private ranges before calling the API', async () => {
      const cases: Array<[string, string]> = [
        ['203.0.113.7', 'failed to parse IP: 203.0.113.7'],
        ['010.0.0.1/8', 'failed to parse IP: 010.0.0.1/8'],
        ['2001:db8::/129', 'failed to parse IP: 2001:db8::/129'],
        ['10.1.0.0/16', 'private IP provided: 10.1.0.0/16'],
        ['192.168.0.0/24', 'private IP provided: 192.168.0.0/24'],
        ['fd12:3456::/48', 'private IP provided: fd12:3456::/48'],
      ];
      for (const [cidr, message] of cases) {
        const result = await h.run(['network-restrictions', 'update', X, '--db-allow-cidr', cidr]);
        assert.equal(result.code, 1, cidr);
        assert.equal(result.stderr.split('\n')[0], message);
        assert.equal(h.api.requests.length, 0);
      }
      h.answer('applyNetworkRestrictions', { status: 201, body: restrictions(['10.1.0.0/16'], [], 'applied') });
      const bypassed = await h.run(['network-restrictions', 'update', X, '--db-allow-cidr', '10.1.0.0/16', '--bypass-cidr-checks']);
      assert.equal(bypassed.code, 0, bypassed.stderr);
    });

    it('fail with the original wording', async () => {
      await h.expectFailures(['network-restrictions', 'get', X], 'getNetworkRestrictions', forbiddenAndBroken((body) => `failed to retrieve network restrictions; received: ${body}`));
      await h.expectFailures(['network-restrictions', 'update', X], 'applyNetworkRestrictions', forbiddenAndBroken((body) => `failed to apply network restrictions: ${body}`));
      await h.expectUnreachable(['network-restrictions', 'get', X]);
      await h.expectUnreachable(['network-restrictions', 'update', X]);
    });
  });

  describe('network-bans', () => {
    it('get reads the bans with a POST and prints them', async () => {
      h.answer('getNetworkBans', { status: 201, body: { banned_ipv4_addresses: ['198.51.100.7', '203.0.113.9'] } });
      const result = await h.run(['network-bans', 'get', X]);
      assert.equal(result.code, 0, result.stderr);
      assert.equal(h.only('getNetworkBans').params.ref, REF);
      assert.equal(result.stdout, 'DB banned IPs: [198.51.100.7 203.0.113.9]\n');
    });

    it('remove sends the IPv4 addresses', async () => {
      h.answer('removeNetworkBan', { status: 200 });
      const result = await h.run(['network-bans', 'remove', X, '--db-unban-ip', '198.51.100.7,203.0.113.9']);
      assert.equal(result.code, 0, result.stderr);
      assert.deepEqual(h.only('removeNetworkBan').body, { ipv4_addresses: ['198.51.100.7', '203.0.113.9'] });
      assert.equal(result.stdout, 'Successfully removed bans for [198.51.100.7 203.0.113.9].\n');
    });

    it('remove refuses anything but IPv4', async () => {
      for (const ip of ['2001:db8::1', 'not-an-ip', '198.51.100.7/32']) {
        const result = await h.run(['network-bans', 'remove', X, '--db-unban-ip', ip]);
        assert.equal(result.code, 1);
        assert.equal(result.stderr.split('\n')[0], `only IPv4 supported at the moment: ${ip}`);
        assert.equal(h.api.requests.length, 0);
      }
    });

    it('fail with the original wording', async () => {
      await h.expectFailures(['network-bans', 'get', X], 'getNetworkBans', forbiddenAndBroken((body) => `Unexpected error retrieving network bans: ${body}`));
      await h.expectFailures(['network-bans', 'remove', X, '--db-unban-ip', '198.51.100.7'], 'removeNetworkBan', forbiddenAndBroken((body) => `Unexpected error removing network bans: ${body}`));
      await h.expectUnreachable(['network-bans', 'get', X]);
      await h.expectUnreachable(['network-bans', 'remove', X, '--db-unban-ip', '198.51.100.7']);
    });
  });
});
