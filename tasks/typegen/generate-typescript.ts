/** Type generation end to end: connect, read the catalogue of the chosen schemas, render. */
import pg from '../db/pg-driver.js';
import { sessionName } from '../db/session-name.js';
import { introspect } from './introspect.js';
import { renderTypescript } from './render-typescript.js';

export interface GenerateOptions {
  /** A postgresql:// connection string. */
  dbUrl: string;
  schemas: string[];
  detectOneToOneRelationships: boolean;
  /** Milliseconds to wait for the connection. */
  connectTimeoutMs?: number;
}

/** Connects to the database and returns the TypeScript file text. */
export async function generateTypescript(options: GenerateOptions): Promise<string> {
  const client = new pg.Client({
    connectionString: options.dbUrl,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
    application_name: sessionName('typegen'),
  });
  // An idle client whose server goes away must not crash the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const catalog = await introspect(client, options.schemas);
    return renderTypescript(catalog, { detectOneToOneRelationships: options.detectOneToOneRelationships });
  } finally {
    await client.end().catch(() => undefined);
  }
}
