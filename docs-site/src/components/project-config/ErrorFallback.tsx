import React from 'react';
import ExternalLink from './ExternalLink';
import { dashboardApiSettingsUrl } from '../../lib/platform-api/settings';

/** What replaces a widget that crashed: the settings are always in the dashboard. */
export default function ErrorFallback() {
  return (
    <p className="project-config-error">
      Couldn&apos;t display your API settings. You can get them from the <ExternalLink href={dashboardApiSettingsUrl()}>dashboard</ExternalLink>.
    </p>
  );
}
