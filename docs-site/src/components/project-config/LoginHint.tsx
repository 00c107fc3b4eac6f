import React from 'react';
import { styles } from './styles';
import { dashboardLoginUrl } from '../../lib/platform-api/settings';

/** The page to come back to after signing in; any old fragment would only be replaced by the token. */
const currentPage = () => `${window.location.origin}${window.location.pathname}${window.location.search}`;

/**
 * Sends the reader to the sign-in page, which returns to this page with the session. Same tab on
 * purpose (unlike the dashboard links): the token comes back to the tab that asked for it.
 */
export default function LoginHint({ pretty }: { pretty: string }) {
  return (
    <p style={styles.hint}>
      To get your {pretty}, <a href={dashboardLoginUrl(currentPage())}>log in</a>.
    </p>
  );
}
