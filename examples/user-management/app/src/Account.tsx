import { useEffect, useState, type FormEvent } from 'react';
import type { Session } from '@supabase/supabase-js';
import { Avatar } from './Avatar';
import { usernameProblem } from './profile-validation';
import type { AppClient } from './supabase-client';

interface AccountProps {
  supabase: AppClient;
  session: Session;
}

type Notice = { kind: 'saved' } | { kind: 'error'; message: string } | null;

/** The signed-in user's profile: username, website and avatar, saved to their own profiles row. */
export function Account({ supabase, session }: AccountProps) {
  const [loading, setLoading] = useState(true);
  const [username, setUsername] = useState('');
  const [website, setWebsite] = useState('');
  const [avatarPath, setAvatarPath] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const { user } = session;

  useEffect(() => {
    let current = true;
    void (async () => {
      setLoading(true);
      const { data, error } = await supabase.from('profiles').select('username, website, avatar_url').eq('id', user.id).maybeSingle();
      if (!current) return;
      if (error) setNotice({ kind: 'error', message: error.message });
      setUsername(data?.username ?? '');
      setWebsite(data?.website ?? '');
      setAvatarPath(data?.avatar_url ?? null);
      setLoading(false);
    })();
    return () => {
      current = false;
    };
  }, [supabase, user.id]);

  const problem = usernameProblem(username);

  async function save(changes: { avatar_url?: string | null } = {}) {
    setNotice(null);
    const { error } = await supabase.from('profiles').upsert({
      id: user.id,
      username: username.trim() || null,
      website: website.trim() || null,
      avatar_url: avatarPath,
      ...changes,
      updated_at: new Date().toISOString(),
    });
    setNotice(error ? { kind: 'error', message: error.message } : { kind: 'saved' });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (problem) return;
    setLoading(true);
    await save();
    setLoading(false);
  }

  async function avatarUploaded(path: string) {
    setAvatarPath(path);
    await save({ avatar_url: path });
  }

  return (
    <section aria-labelledby="account-title">
      <h1 id="account-title">Your profile</h1>
      <Avatar supabase={supabase} path={avatarPath} size={150} onUpload={avatarUploaded} />
      <form onSubmit={submit} noValidate>
        <label htmlFor="account-email">Email</label>
        <input id="account-email" type="email" value={user.email ?? ''} disabled />
        <label htmlFor="username">Username</label>
        <input
          id="username"
          type="text"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'username-problem' : undefined}
        />
        {problem && <p id="username-problem" role="alert">{problem}</p>}
        <label htmlFor="website">Website</label>
        <input id="website" type="url" value={website} onChange={(event) => setWebsite(event.target.value)} />
        <button type="submit" disabled={loading || problem !== null}>
          {loading ? 'Loading…' : 'Update profile'}
        </button>
      </form>
      {notice?.kind === 'saved' && <p role="status">Profile saved.</p>}
      {notice?.kind === 'error' && <p role="alert">{notice.message}</p>}
      <button type="button" onClick={() => void supabase.auth.signOut()}>
        Sign out
      </button>
    </section>
  );
}
