/**
 * postgres-meta and the mail catcher on the native runtime, through the CLI as a process: `start`
 * runs them beside the database, `status` prints their URLs in every format and both answer
 * (pg-meta with the database's own tables, the inbox with mail sent over SMTP), `stop` ends them,
 * and switched off in config.toml they are neither started nor listed.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import { portAnswers } from '../../tasks/net/port-answers.js';
import { pgMetaStatus } from '../../tasks/pg-meta/pg-meta-process.js';
import { mailCatcherStatus } from '../../tasks/mail-catcher/mail-process.js';
import { cliProject, type CliProject } from '../integration/support/cli-project.js';

const configOf = (project: CliProject) => path.join(project.root, 'supabase', 'config.toml');
const smtpPortOf = (project: CliProject) => Number(/^smtp_port = (\d+)$/m.exec(readFileSync(configOf(project), 'utf8'))![1]);

describe('native postgres-meta and mail catcher, as start, status and stop show them', function () {
  this.timeout(180_000);
  let project: CliProject;
  let status: Record<string, string>;

  before(async () => {
    project = await cliProject('native-services');
  });
  after(() => project?.dispose());

  it('start runs both: the mail catcher answers at once, postgres-meta is said to be still loading', async () => {
    const started = project.run(['start']);
    assert.equal(started.code, 0, started.stderr);
    // start does not wait for postgres-meta (it takes most of a second to load), so it names it instead of a URL.
    assert.doesNotMatch(started.stdout, /pg-meta URL/);
    assert.match(started.stderr, /^Still loading: pg-meta \(supabase status shows its URL once it answers\)$/m);
    assert.match(started.stdout, /^ {4}Inbucket URL: http:\/\/127\.0\.0\.1:\d+$/m);
    assert.match(started.stderr, new RegExp(`^Inbucket: mail catcher: web inbox at http://127\\.0\\.0\\.1:\\d+, SMTP at 127\\.0\\.0\\.1:${smtpPortOf(project)}$`, 'm'));
    const unavailable = /^Not available on the native runtime \(container images only\): (.*)$/m.exec(started.stderr)?.[1] ?? '';
    assert.doesNotMatch(unavailable, /pg-meta|inbucket/);
    // What runs is the build's one-file bundle of the catcher (scripts/bundle-services.js), not the modules tsc wrote.
    const projectId = String((parseToml(readFileSync(configOf(project), 'utf8')) as { project_id: string }).project_id);
    const { pid } = await mailCatcherStatus(projectId, project.env);
    assert.match(readFileSync(`/proc/${pid}/cmdline`, 'utf8'), /\/dist\/tasks\/mail-catcher\/mail-catcher-main\.cjs\0/);
  });

  it('status -o json lists both once postgres-meta has loaded, and pg-meta answers with the database content', async () => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const result = project.run(['status', '-o', 'json']);
      assert.equal(result.code, 0, result.stderr);
      status = JSON.parse(result.stdout) as Record<string, string>;
      if (status.PG_META_URL || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.doesNotMatch(project.run(['status']).stderr, /Still loading/);
    assert.equal(status.PG_META_URL, `http://127.0.0.1:${project.env.SUPABASE_PG_META_PORT}`);
    assert.match(status.INBUCKET_URL ?? '', /^http:\/\/127\.0\.0\.1:\d+$/);
    const tables = (await (await fetch(`${status.PG_META_URL}/tables?included_schemas=public`)).json()) as Array<{ name: string }>;
    assert.deepEqual(tables.map((table) => table.name).sort(), ['one', 'two']);
  });

  it('the inbox shows mail sent to the SMTP port', async () => {
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPortOf(project), secure: false, ignoreTLS: true });
    await transport.sendMail({ from: 'admin@email.com', to: 'someone@example.com', subject: 'Your Magic Link', text: 'Log in: http://127.0.0.1:54321/auth/v1/verify' });
    const list = (await (await fetch(`${status.INBUCKET_URL}/api/v1/mailbox/someone`)).json()) as Array<{ subject: string }>;
    assert.deepEqual(list.map((message) => message.subject), ['Your Magic Link']);
    assert.match(await (await fetch(`${status.INBUCKET_URL}/`)).text(), /Your Magic Link/);
  });

  it('every output format carries the same two entries, and --override-name renames them', () => {
    const env = project.run(['status', '-o', 'env']).stdout;
    assert.match(env, new RegExp(`^PG_META_URL="${status.PG_META_URL}"$`, 'm'));
    assert.match(env, new RegExp(`^INBUCKET_URL="${status.INBUCKET_URL}"$`, 'm'));
    const toml = parseToml(project.run(['status', '-o', 'toml']).stdout) as Record<string, string>;
    const yaml = parseYaml(project.run(['status', '-o', 'yaml']).stdout) as Record<string, string>;
    for (const parsed of [toml, yaml]) assert.deepEqual([parsed.PG_META_URL, parsed.INBUCKET_URL], [status.PG_META_URL, status.INBUCKET_URL]);
    const renamed = JSON.parse(project.run(['status', '-o', 'json', '--override-name', 'studio.pg_meta_url=META', '--override-name', 'inbucket.url=MAIL']).stdout) as Record<string, string>;
    assert.deepEqual([renamed.META, renamed.MAIL, renamed.PG_META_URL], [status.PG_META_URL, status.INBUCKET_URL, undefined]);
  });

  it('a service whose process died is named with its log, not as loading and not by URL', async () => {
    const projectId = path.basename(project.root);
    const { pid } = await pgMetaStatus(projectId, project.env);
    assert.ok(pid);
    process.kill(pid, 'SIGKILL');
    for (let tries = 0; tries < 100 && (await pgMetaStatus(projectId, project.env)).state !== 'stopped'; tries++) await new Promise((resolve) => setTimeout(resolve, 20));
    const result = project.run(['status']);
    assert.equal(result.code, 0, result.stderr);
    assert.doesNotMatch(result.stdout, /pg-meta URL/);
    assert.doesNotMatch(result.stderr, /Still loading/);
    assert.match(result.stderr, /^Exited: pg-meta \(its log: .*\/pg-meta\.log\)\. Run supabase start to start it again\.$/m);
  });

  it('stop ends both: their ports no longer answer', async () => {
    const stopped = project.run(['stop']);
    assert.equal(stopped.code, 0, stopped.stderr);
    for (const url of [status.PG_META_URL!, status.INBUCKET_URL!]) assert.equal(await portAnswers('127.0.0.1', Number(new URL(url).port)), false, url);
    assert.equal(await portAnswers('127.0.0.1', smtpPortOf(project)), false);
  });

  it('switched off in config.toml, neither is started nor listed', async () => {
    const file = configOf(project);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^\[studio\]\nenabled = true$/m, '[studio]\nenabled = false').replace(/^\[inbucket\]\nenabled = true$/m, '[inbucket]\nenabled = false'));
    const started = project.run(['start']);
    assert.equal(started.code, 0, started.stderr);
    assert.doesNotMatch(started.stdout, /pg-meta URL|Inbucket URL|Studio URL/);
    assert.match(started.stderr, /^Excluded: .*\binbucket\b.*$/m);
    const result = JSON.parse(project.run(['status', '-o', 'json']).stdout) as Record<string, string>;
    assert.deepEqual([result.PG_META_URL, result.INBUCKET_URL], [undefined, undefined]);
    for (const url of [status.PG_META_URL!, status.INBUCKET_URL!]) assert.equal(await portAnswers('127.0.0.1', Number(new URL(url).port)), false, url);
  });
});
