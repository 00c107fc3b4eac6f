import React from 'react';
import ExternalLink from './ExternalLink';
import { styles } from './styles';
import { dashboardApiSettingsUrl } from '../../lib/platform-api/settings';

/** Shown when the settings could not be read: the dashboard has them too. */
export default function DataErrorHint({ pretty }: { pretty: string }) {
  return (
    <p style={styles.hint} role="status">
      You can also copy your {pretty} from the <ExternalLink href={dashboardApiSettingsUrl()}>dashboard</ExternalLink>.
    </p>
  );
}
