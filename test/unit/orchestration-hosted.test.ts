import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HOSTNAME_BLOCKED_MESSAGE, SUBDOMAIN_BLOCKED_MESSAGE } from '../../machines/domains/exclusivity.js';
import { branchesProjection } from '../../machines/journal/projections/branches.projection.js';
import { domainsProjection } from '../../machines/journal/projections/domains.projection.js';
import { migrationHistoryProjection, migrationsStream } from '../../machines/journal/projections/migrations.projection.js';
import { JournalStore } from '../../tasks/journal/journal-store.js';
import { recordObservations } from '../../tasks/orchestration/record-observations.js';
import { runMachine } from '../../tasks/orchestration/run-machine.js';
import { stub } from '../helpers/stub-plugins.js';
import { onBothStreams } from '../../tasks/management-api/resources/branches.tasks.js';

const REF = 'abcdefghijklmnopqrst';
const quiet = { renderer: 'silent' as const, onRecover: () => {}, onWarning: () => {} };

describe('orchestration: hosted resources and migration history', () => {
  let directory: string;
  let journal: JournalStore;
  beforeEach(() => {
    directory = mkdtempSync(path.join(tmpdir(), 'orchestrate-hosted-'));
    journal = JournalStore.inDirectory(directory);
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  const domainTasks = {
    'custom-hostname.create': stub({ type: 'CREATED', data: { status: '2_initiated' } }),
    'custom-hostname.reverify': stub({ type: 'REVERIFIED', data: { status: '4_origin_setup_completed' } }),
    'custom-hostname.activate': stub({ type: 'ACTIVATED', data: { status: '5_services_reconfigured' } }),
    'custom-hostname.delete': stub({ type: 'DELETED' }),
    'vanity-subdomain.activate': stub({ type: 'ACTIVATED', data: { customDomain: 'acme.supabase.co' } }),
    'vanity-subdomain.delete': stub({ type: 'DELETED' }),
  };
  const hostname = (type: string, data = {}) => runMachine(journal, { stream: `custom-hostname:${REF}`, event: { type, ...data } }, { ...quiet, tasks: domainTasks });
  const subdomain = (type: string, data = {}) => runMachine(journal, { stream: `vanity-subdomain:${REF}`, event: { type, ...data } }, { ...quiet, tasks: domainTasks });

  it('a custom hostname goes create -> reverify -> activate, and activation warns about auth', async () => {
    assert.equal((await hostname('CREATE', { hostname: 'api.example.com' })).after.snapshot.value, 'pending');
    assert.equal((await hostname('ACTIVATE')).status, 'refused');
    assert.equal((await hostname('REVERIFY')).after.snapshot.value, 'verified');
    const warnings: string[] = [];
    const activated = await runMachine(journal, { stream: `custom-hostname:${REF}`, event: { type: 'ACTIVATE' } }, { ...quiet, onWarning: (w) => warnings.push(w), tasks: domainTasks });
    assert.equal(activated.after.snapshot.value, 'active');
    assert.equal(warnings.length, 1);
    assert.match(warnings[0], new RegExp(`${REF}\\.supabase\\.co stops answering auth`));
    const domains = domainsProjection(journal.replay().fold, REF);
    assert.equal(domains.customHostname.hostname, 'api.example.com');
    assert.equal(domains.customHostname.status, '5_services_reconfigured');
  });

  it('a custom hostname cannot be created while a vanity subdomain is active, and the other way round', async () => {
    assert.equal((await subdomain('ACTIVATE', { subdomain: 'acme' })).after.snapshot.value, 'active');
    const blocked = await hostname('CREATE', { hostname: 'api.example.com' });
    assert.equal(blocked.status, 'refused');
    assert.equal(blocked.refusal, HOSTNAME_BLOCKED_MESSAGE);

    await subdomain('DELETE');
    assert.equal((await hostname('CREATE', { hostname: 'api.example.com' })).status, 'done');
    const create = journal.read().events.find((event) => event.type === 'CREATE');
    assert.equal(create?.data.vanitySubdomainActive, false, 'the request did not record the fact it was checked against');
    const refused = await subdomain('ACTIVATE', { subdomain: 'acme' });
    assert.equal(refused.refusal, SUBDOMAIN_BLOCKED_MESSAGE);
    assert.deepEqual(domainsProjection(journal.replay().fold, REF).facts, { vanitySubdomainActive: false, customHostnameExists: true });
  });

  it('a platform failure returns the hostname to where it was, with the error', async () => {
    await hostname('CREATE', { hostname: 'api.example.com' });
    await hostname('REVERIFY');
    const tasks = { ...domainTasks, 'custom-hostname.delete': { title: 'delete', run: async () => Promise.reject(new Error('Unexpected error deleting custom hostname: 500')) } };
    await assert.rejects(runMachine(journal, { stream: `custom-hostname:${REF}`, event: { type: 'DELETE' } }, { ...quiet, tasks }), /500/);
    const domains = domainsProjection(journal.replay().fold, REF);
    assert.equal(domains.customHostname.state, 'verified');
    assert.match(domains.customHostname.error ?? '', /500/);
  });

  it('branches: create, update, delete; disabling deletes them all', async () => {
    const stream = `branches:${REF}`;
    let next = 0;
    const tasks = {
      'branches.create': stub(() => onBothStreams(REF, 'BRANCH_CREATED', { branchId: `br-${++next}`, name: `b${next}`, region: 'fra', status: 'CREATING_PROJECT' })),
      'branches.update': stub(onBothStreams(REF, 'BRANCH_UPDATED', { branchId: 'br-1', name: 'renamed', resetOnPush: true })),
      'branches.delete': stub(onBothStreams(REF, 'BRANCH_DELETED', { branchId: 'br-2' })),
      'branches.disable': stub(() => [
        ...onBothStreams(REF, 'BRANCH_DELETED', { branchId: 'br-1' }),
        ...onBothStreams(REF, 'BRANCH_DELETED', { branchId: 'br-3' }),
        { type: 'DISABLED' },
      ]),
    };
    const run = (type: string, data = {}) => runMachine(journal, { stream, event: { type, ...data } }, { ...quiet, tasks });
    await run('CREATE_BRANCH', { name: 'b1' });
    await run('CREATE_BRANCH', { name: 'b2' });
    await run('CREATE_BRANCH', { name: 'b3' });
    await recordObservations(journal, [{ stream: 'branch:br-1', type: 'BRANCH_OBSERVED', data: { branchId: 'br-1', projectRef: REF, status: 'MIGRATIONS_PASSED' } }]);
    assert.equal((await run('UPDATE_BRANCH', { branchId: 'br-404', name: 'x' })).status, 'refused');
    await run('UPDATE_BRANCH', { branchId: 'br-1', name: 'renamed', resetOnPush: true });
    await run('DELETE_BRANCH', { branchId: 'br-2' });
    let branches = branchesProjection(journal.replay().fold, REF);
    assert.equal(branches.enabled, true);
    assert.deepEqual(branches.branches.map((b) => [b.id, b.state, b.name, b.resetOnPush]), [
      ['br-1', 'migrationsPassed', 'renamed', true],
      ['br-3', 'creatingProject', 'b3', false],
    ]);
    await run('DISABLE');
    branches = branchesProjection(journal.replay().fold, REF);
    assert.equal(branches.enabled, false);
    assert.deepEqual(branches.branches, []);
    assert.deepEqual(branches.deleted.map((b) => b.id).sort(), ['br-1', 'br-2', 'br-3']);
  });

  it('migration repair works per version: applied inserts the row, reverted deletes it', async () => {
    const stream = migrationsStream({ kind: 'linked', ref: REF });
    const observed = await recordObservations(journal, [
      { stream, type: 'OBSERVED', data: { version: '20240101000000', name: 'init', local: true, remote: false } },
      { stream, type: 'OBSERVED', data: { version: '20240102000000', name: 'more', local: false, remote: true } },
    ]);
    assert.equal(observed.recorded.length, 2);
    const again = await recordObservations(journal, [{ stream, type: 'OBSERVED', data: { version: '20240101000000', name: 'init', local: true, remote: false } }]);
    assert.equal(again.recorded.length, 0, 'an observation that changes nothing was recorded');

    const tasks = { 'migration.insert-row': stub({ type: 'ROW_INSERTED' }), 'migration.delete-row': stub({ type: 'ROW_DELETED' }) };
    const repair = (version: string, type: string) => runMachine(journal, { stream, key: version, event: { type, version } }, { ...quiet, tasks });
    assert.equal((await repair('20240101000000', 'MARK_APPLIED')).after.snapshot.value, 'both');
    assert.equal((await repair('20240101000000', 'MARK_APPLIED')).refusal, 'it is already in the history table; to record it again, repair it with --status reverted first');
    assert.equal((await repair('20240102000000', 'MARK_REVERTED')).after.snapshot.value, 'absent');
    assert.deepEqual(
      migrationHistoryProjection(journal.replay().fold, stream).map((m) => [m.version, m.state, m.local, m.remote]),
      [
        ['20240101000000', 'both', true, true],
        ['20240102000000', 'absent', false, false],
      ],
    );
  });
});
