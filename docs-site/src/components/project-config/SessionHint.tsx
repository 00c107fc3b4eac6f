import React from 'react';
import LoginHint from './LoginHint';
import SignOutButton from './SignOutButton';
import { useSession } from './use-session';

/** Below the value: how to sign in when signed out, how to sign out when signed in. */
export default function SessionHint({ pretty }: { pretty: string }) {
  const { status } = useSession();
  if (status === 'signedOut') return <LoginHint pretty={pretty} />;
  if (status === 'signedIn') return <SignOutButton />;
  return null;
}
