import React from 'react';
import { navigate } from 'gatsby';
import SiteLink from '../SiteLink';
import type { LibraryContext } from '../../lib/nav-types';

/**
 * Above a client library reference: the version it documents (a switch when there are several),
 * the community marker, and a pointer to the latest version on older pages.
 */
export default function LibraryHeader({ library }: { library: LibraryContext }) {
  const latest = library.versions[0];
  return (
    <div className="library-header">
      <div className="library-header__row">
        {library.versions.length > 1 ? (
          <label className="version-switch">
            <span>Version</span>
            <select value={library.current} onChange={(event) => void navigate(library.versions.find((v) => v.version === event.target.value)!.url)}>
              {library.versions.map((v, i) => <option key={v.version} value={v.version}>{i === 0 ? `${v.version} (latest)` : v.version}</option>)}
            </select>
          </label>
        ) : (
          <span className="version-tag">Version {library.current}</span>
        )}
        {library.community && <span className="badge badge--community">Community maintained</span>}
      </div>
      {library.community && (
        <p className="library-header__note">
          The {library.name} client is maintained by the community, not by the Supabase team.
          {library.repository && <> Report problems and follow releases at <a href={library.repository} target="_blank" rel="noreferrer noopener">{library.repository.replace('https://github.com/', '')}</a>.</>}
        </p>
      )}
      {latest && library.current !== latest.version && (
        <p className="library-header__note library-header__note--old" role="note">
          This is the reference for {library.name} {library.current}. <SiteLink to={latest.url}>Read the {latest.version} reference</SiteLink> for new projects.
        </p>
      )}
    </div>
  );
}
