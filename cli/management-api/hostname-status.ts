/**
 * The text `domains` prints for a custom hostname configuration, by the platform's status (the
 * original's TranslateStatus): the next step to take, the DNS records still missing,
 * SSL validation errors, and with --include-raw-output the platform's JSON answer.
 */
import type { CommandContext } from '../context.js';
import { UserError } from '../errors.js';
import type { HostnameConfig } from '../../tasks/management-api/resources/custom-hostname.tasks.js';

/** The parts of Cloudflare's custom hostname object (the `data` field) the text needs. */
interface CloudflareResult {
  custom_origin_server?: string;
  ownership_verification?: { name?: string; type?: string; value?: string };
  ssl?: {
    status?: string;
    validation_records?: Array<{ status?: string; txt_name?: string; txt_value?: string }>;
    validation_errors?: Array<{ message?: string }>;
  };
}

/** Prints a configuration the platform answered with (nothing when the call returned none). */
export function printHostnameStatus(ctx: CommandContext, config: HostnameConfig | undefined): void {
  if (config) ctx.io.stdout(`${hostnameStatusText(config, ctx.flags['include-raw-output'] === true)}\n`);
}

function resultOf(config: HostnameConfig): CloudflareResult {
  const data = config.data as { result?: CloudflareResult } | undefined;
  return data?.result ?? {};
}

/** The summary for a configuration, plus the raw answer when asked for. */
export function hostnameStatusText(config: HostnameConfig, includeRaw: boolean): string {
  const summary = summarize(config);
  if (!includeRaw) return summary;
  // Field order as the original's generated struct encodes it.
  const raw = JSON.stringify({ custom_hostname: config.custom_hostname, data: config.data, status: config.status }, null, 4);
  return `${summary}\nRaw output follows:\n${raw}\n`;
}

function summarize(config: HostnameConfig): string {
  switch (config.status) {
    case '5_services_reconfigured':
      return `Custom hostname setup completed. Project is now accessible at ${config.custom_hostname}.`;
    case '4_origin_setup_completed':
      return [
        'Custom hostname configuration complete, and ready for activation.',
        '',
        'Please ensure that your custom domain is set up as a CNAME record to your Supabase subdomain:',
        `\t${config.custom_hostname} CNAME -> ${resultOf(config).custom_origin_server ?? ''}`,
      ].join('\n');
    case '2_initiated':
      return verificationText(resultOf(config));
    default:
      return 'Custom hostname configuration not started.';
  }
}

/** While verification runs: what is still needed. */
function verificationText(result: CloudflareResult): string {
  const ssl = result.ssl ?? {};
  if (ssl.status === 'initializing') return 'Custom hostname setup is being initialized; please request re-verification in a few seconds.\n';
  const errors = (ssl.validation_errors ?? []).map((error) => error.message ?? '');
  if (errors.some((message) => message.includes('caa_error'))) {
    return 'CAA mismatch; please remove any existing CAA records on your domain, or add one for "digicert.com"\n';
  }
  if (errors.length > 0) return `SSL validation errors: \n\t- ${errors.join('\n\t- ')}\n`;
  const records = ssl.validation_records ?? [];
  if (records.length !== 1) throw new UserError(`expected a single SSL verification record, received: ${JSON.stringify(records)}`);
  const owner = result.ownership_verification ?? {};
  let lines = owner.name ? `\n\t${owner.name} TXT -> ${owner.value ?? ''}` : '';
  if (records[0].txt_name) lines += `\n\t${records[0].txt_name} TXT -> ${records[0].txt_value ?? ''} (replace any existing CNAME records)`;
  return 'Custom hostname verification in-progress; please configure the appropriate DNS entries and request re-verification.\n' +
    `Required outstanding validation records: ${lines}\n`;
}
