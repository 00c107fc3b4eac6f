/** The version this build reports; it follows the original CLI release it implements. */
export const VERSION = '1.145.4';

/** The User-Agent every outbound request sends, as the original's `SupabaseCLI/<version>`. */
export const USER_AGENT = `SupabaseCLI/${VERSION}`;
