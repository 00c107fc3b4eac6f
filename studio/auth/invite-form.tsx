/**
 * Invite a user by mail: Auth's `/invite` as the service role (GoTrue's admin-only route) makes
 * the user and mails the invitation with its sign-in link, which on the local stack lands in the
 * mail catcher (`Inbucket URL` of `supabase status`) instead of anyone's inbox.
 */
import { useId, useState } from 'react';
import { StatusForm } from '../components/status-form';
import type { StudioConfig } from '../config';
import { auth } from '../http';

export function InviteForm({ config, onInvited }: { config: StudioConfig; onInvited: () => Promise<void> }) {
  const emailId = useId();
  const [email, setEmail] = useState('');

  async function invite(): Promise<string> {
    await auth(config, 'invite', 'POST', { email });
    setEmail('');
    await onInvited();
    return `Invitation mailed to ${email}: the stack's mail catcher (Inbucket URL in supabase status) holds it`;
  }

  return (
    <StatusForm title="Invite a user by mail" action="Send invitation" failure="Could not invite the user" onSubmit={invite} className="toolbar">
      <div className="grow">
        <label htmlFor={emailId}>Email to invite</label>
        <input id={emailId} type="email" required value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="off" />
      </div>
    </StatusForm>
  );
}
