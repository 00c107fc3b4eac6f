import { useEffect, useState } from 'react';
import type { Session } from '@supabase/supabase-js';
import { Account } from './Account';
import { Auth } from './Auth';
import type { AppClient } from './supabase-client';

/** Sign-in until there is a session (a magic link's return included), then the profile. */
export function App({ supabase }: { supabase: AppClient }) {
  const [session, setSession] = useState<Session | null>(null);

  useEffect(() => {
    void supabase.auth.getSession().then(({ data }) => setSession(data.session));
    const { data } = supabase.auth.onAuthStateChange((_event, changed) => setSession(changed));
    return () => data.subscription.unsubscribe();
  }, [supabase]);

  return <main className="container">{session ? <Account key={session.user.id} supabase={supabase} session={session} /> : <Auth supabase={supabase} />}</main>;
}
