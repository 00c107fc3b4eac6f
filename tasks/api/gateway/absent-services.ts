/**
 * The 503 a route answers when its service is not there, naming the service and what to do: the
 * gateway never pretends a service it does not serve (Kong would answer 502 or hang on a missing
 * container; a clear sentence serves a developer better).
 */
import type { AbsentReason } from './gateway-settings.js';

/** How `-x` and config.toml name each service, for the sentence. */
const HOW_LEFT_OUT: Readonly<Record<string, string>> = {
  rest: 'left out with supabase start -x postgrest, or [api] enabled = false in supabase/config.toml',
  auth: 'left out with supabase start -x gotrue, or [auth] enabled = false in supabase/config.toml',
  storage: 'left out with supabase start -x storage-api, or [storage] enabled = false in supabase/config.toml',
  realtime: 'left out with supabase start -x realtime, or [realtime] enabled = false in supabase/config.toml',
  analytics: 'left out with supabase start -x logflare, or [analytics] enabled = false in supabase/config.toml',
  'pg-meta': 'left out with supabase start -x postgres-meta, or [studio] enabled = false in supabase/config.toml',
};

/** The message of a route whose in-process service was left out or is not built for this runtime. */
export function absentMessage(service: string, reason: AbsentReason | undefined): string {
  if (reason === 'excluded') {
    const how = HOW_LEFT_OUT[service] ?? 'left out of supabase start';
    return `${service} is not running: it was ${how}. Run supabase stop, then supabase start without leaving it out.`;
  }
  return `${service} is not available on the native runtime (it runs only as a container image): start the stack with Docker to use it.`;
}

/** The message of a proxied route whose process does not run now. */
export function notRunningMessage(service: 'functions' | 'pg-meta', reason: AbsentReason | undefined): string {
  if (service === 'functions') return 'functions are not being served: run supabase functions serve to serve supabase/functions on this URL.';
  if (reason === 'excluded') return absentMessage(service, reason);
  return 'pg-meta is not running (it may still be loading, or its process exited): run supabase status to see, and supabase start to start it again.';
}
