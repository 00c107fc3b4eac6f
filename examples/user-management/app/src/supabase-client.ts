import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import type { Database } from './database.types';

/** The client the components take: typed by the schema that `supabase gen types typescript --local` wrote. */
export type AppClient = SupabaseClient<Database>;

export type Profile = Database['public']['Tables']['profiles']['Row'];

/** A typed client for a project URL and its anon key. */
export function createAppClient(url: string, anonKey: string, options?: SupabaseClientOptions<'public'>): AppClient {
  return createClient<Database>(url, anonKey, options);
}
