/**
 * The mail catcher as a supervised process of the native stack (native/supervised-process.ts),
 * on the inbucket ports: its web inbox on `[inbucket] port` (loopback, like every native
 * service's page), and SMTP on `[inbucket] smtp_port`, or the next port when that is unset (the
 * config template's commented value, 54325, with the default port). The original publishes SMTP
 * only when smtp_port is set; here the catcher has no other way in. SMTP listens on every
 * interface, as a published container port does, so a GoTrue container can deliver to the host;
 * POP3, on `[inbucket] pop3_port` when set, as well.
 */
import type { ProjectConfig } from '../project/config.types.js';
import { baseChildEnv, httpAnswers, jsonBody, launchService, nodeEntry, serviceFiles, serviceStatus, stopService, type NeededPort, type ServiceKind, type ServiceStatus } from '../native/supervised-process.js';
import { MAIL_HEALTH_SERVICE } from './inbox-server.js';
import type { MailCatcherSettings } from './mail-catcher-main.js';

const WEB_HOST = '127.0.0.1';
const SMTP_HOST = '0.0.0.0';

function mailKind(projectId: string): ServiceKind {
  return {
    title: 'the mail catcher',
    marker: 'mail-catcher-main',
    answers: (url) => httpAnswers(`${url}/health`, jsonBody((body) => body.service === MAIL_HEALTH_SERVICE && body.project_id === projectId)),
  };
}

/** Its pid record and log in the project's native folder. */
export const mailCatcherFiles = (projectId: string, env: NodeJS.ProcessEnv = process.env) => serviceFiles(projectId, 'mail-catcher', env);

/** The SMTP port: `[inbucket] smtp_port`, else the one after `[inbucket] port`. */
export function smtpPort(config: Pick<ProjectConfig, 'inbucket'>): number {
  return config.inbucket.smtp_port || config.inbucket.port + 1;
}

/** The state of a project's mail catcher. */
export function mailCatcherStatus(projectId: string, env: NodeJS.ProcessEnv = process.env): Promise<ServiceStatus> {
  return serviceStatus(mailCatcherFiles(projectId, env), mailKind(projectId));
}

/** Stops a project's mail catcher (its mail goes with it, as with the original's container); true when one ran. */
export async function stopMailCatcher(projectId: string, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  return stopService(mailCatcherFiles(projectId, env), mailKind(projectId));
}

/** Starts the mail catcher of a project and waits until its inbox answers. */
export async function startMailCatcher(config: ProjectConfig, env: NodeJS.ProcessEnv = process.env): Promise<{ pid: number; url: string; smtp: string; pop3?: string }> {
  const { inbucket } = config;
  const settings: MailCatcherSettings = { projectId: config.project_id, webHost: WEB_HOST, webPort: inbucket.port, smtpHost: SMTP_HOST, smtpPort: smtpPort(config), pop3Port: inbucket.pop3_port || undefined };
  const smtpSetBy = inbucket.smtp_port ? '[inbucket] smtp_port in supabase/config.toml' : '[inbucket] port + 1, as [inbucket] smtp_port is not set in supabase/config.toml';
  const ports: NeededPort[] = [
    { port: settings.webPort, host: WEB_HOST, setBy: '[inbucket] port in supabase/config.toml', alternative: 'configure a different [inbucket] port in supabase/config.toml' },
    { port: settings.smtpPort, host: SMTP_HOST, setBy: smtpSetBy, alternative: 'configure a different [inbucket] smtp_port in supabase/config.toml' },
  ];
  if (settings.pop3Port) {
    ports.push({ port: settings.pop3Port, host: SMTP_HOST, setBy: '[inbucket] pop3_port in supabase/config.toml', alternative: 'configure a different [inbucket] pop3_port in supabase/config.toml' });
  }
  const started = await launchService(mailCatcherFiles(config.project_id, env), mailKind(config.project_id), {
    args: nodeEntry('tasks/mail-catcher/mail-catcher-main', [JSON.stringify(settings)]),
    env: baseChildEnv(env),
    url: `http://${WEB_HOST}:${settings.webPort}`,
    ports,
    // Taken at its word once all its ports listen, not probed every 20 ms while Node loads it.
    readySignal: true,
  });
  return { ...started, smtp: `127.0.0.1:${settings.smtpPort}`, pop3: settings.pop3Port ? `127.0.0.1:${settings.pop3Port}` : undefined };
}
