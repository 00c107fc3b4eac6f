/** Tests that compile the native runtime's C extensions need PostgreSQL 15's server headers. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { SERVER_HEADERS } from '../../../tasks/native/own-modules.js';

/** Skips the calling suite, or fails under CI, where postgresql-server-dev-15 is not installed. */
export function requireServerHeaders(context: Mocha.Context): void {
  if (existsSync(path.join(SERVER_HEADERS, 'postgres.h'))) return;
  if (process.env.CI) throw new Error(`${SERVER_HEADERS}/postgres.h is missing: apt-get install postgresql-server-dev-15`);
  context.skip();
}
