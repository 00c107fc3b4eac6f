/**
 * Moves every port a native stack opens in a config.toml written by `supabase init` away from the
 * defaults, around `port` for the database (API one below it; Studio, Inbucket and SMTP above), so
 * a bench project never collides with a stack already running on the machine. The benches' ports
 * are below the kernel's ephemeral range (32768 and up), where a client connection's source port
 * could take one between two runs.
 */
export function withPortsAround(configText: string, port: number): string {
  return configText
    .replace(/^port = 54321$/m, `port = ${port - 1}`)
    .replace(/^port = 54322$/m, `port = ${port}`)
    .replace(/^port = 54323$/m, `port = ${port + 1}`)
    .replace(/^port = 54324$/m, `port = ${port + 2}`)
    .replace(/^# smtp_port = 54325$/m, `smtp_port = ${port + 3}`);
}
