/**
 * What the server handed the page (tasks/local-platform-api/studio-page.ts writes it into a JSON
 * script element): the local stack's addresses and keys. Nothing else is ever called.
 */
export interface StudioConfig {
  projectId: string;
  apiUrl: string;
  graphqlUrl: string;
  dbUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  /** Whether the server can save snippets into the project folder. */
  snippets: boolean;
}

/** Reads the config element; throws when the page was not served by the platform API. */
export function readConfig(doc: Document): StudioConfig {
  const element = doc.getElementById('studio-config');
  if (!element?.textContent) throw new Error('the page carries no Studio settings: open it from the URL supabase start prints');
  return JSON.parse(element.textContent) as StudioConfig;
}
