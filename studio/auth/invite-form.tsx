/**
 * Invite a user by mail: Auth's `/invite` as the service role (GoTrue's admin-only route) makes
 * the user and mails the invitation with its sign-in link, which on the local stack lands in the
 * mail catcher (`Inbucket URL` of `supabase status`) instead of anyone's inbox.
 */
import { useId, useState, type FormEvent } from 'react';
import type { StudioConfig } from '../config';
import { auth } from '../http';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function InviteForm({ config, onInvited }: { config: StudioConfig; onInvited: () => Promise<void> }) {
  const emailId = useId();
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState('');

  async function invite(event: FormEvent) {
    event.preventDefault();
    try {
      await auth(config, 'invite', 'POST', { email });
      setStatus(`Invitation mailed to ${email}: the stack's mail catcher (Inbucket URL in supabase status) holds it`);
      setEmail('');
      await onInvited();
    } catch (cause) {
      setStatus(`Could not invite the user: ${messageOf(cause)}`);
    }
  }

  return (
    <section aria-labelledby="users-invite">
      <h2 id="users-invite">Invite a user by mail</h2>
      <form className="toolbar" onSubmit={invite}>
        <div className="grow">
          <label htmlFor={emailId}>Email to invite</label>
          <input id={emailId} type="email" required value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="off" />
        </div>
        <button type="submit" className="primary">
          Send invitation
        </button>
      </form>
      <p className="status" role="status" aria-live="polite">
        {status}
      </p>
    </section>
  );
}
