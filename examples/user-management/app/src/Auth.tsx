import { useState, type FormEvent } from 'react';
import type { AppClient } from './supabase-client';

/** Passwordless sign-in: the user gets an email whose link signs them in on this page. */
export function Auth({ supabase }: { supabase: AppClient }) {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'sent' } | { kind: 'error'; message: string }>({ kind: 'idle' });

  async function sendLink(event: FormEvent) {
    event.preventDefault();
    setState({ kind: 'sending' });
    const { error } = await supabase.auth.signInWithOtp({
      email,
      options: { emailRedirectTo: window.location.origin },
    });
    setState(error ? { kind: 'error', message: error.message } : { kind: 'sent' });
  }

  return (
    <section aria-labelledby="auth-title">
      <h1 id="auth-title">Sign in</h1>
      <p>We send you a link by email: no password needed.</p>
      <form onSubmit={sendLink}>
        <label htmlFor="email">Email</label>
        <input id="email" type="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
        <button type="submit" disabled={state.kind === 'sending'}>
          {state.kind === 'sending' ? 'Sending…' : 'Send magic link'}
        </button>
      </form>
      {state.kind === 'sent' && <p role="status">Check your email for the sign-in link.</p>}
      {state.kind === 'error' && <p role="alert">{state.message}</p>}
    </section>
  );
}
