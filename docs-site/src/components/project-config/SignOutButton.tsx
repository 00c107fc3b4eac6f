import React, { useState } from 'react';
import { styles } from './styles';
import { usePlatformEnvironment } from '../../state/platform-environment-context';

/** Ends the platform session for every widget on the page and forgets the saved selection. */
export default function SignOutButton() {
  const { signOut } = usePlatformEnvironment();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    await signOut();
    // No setBusy(false): signing out unmounts this button.
  };
  return (
    <p style={styles.hint}>
      Showing the values of your account.{' '}
      <button type="button" onClick={onClick} disabled={busy} style={styles.linkButton}>
        Log out
      </button>
    </p>
  );
}
