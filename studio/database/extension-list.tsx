/**
 * The extensions the server can install: which are installed (in which schema, at which version)
 * and which are available, found by name; one is enabled into a chosen schema (`extensions` by
 * default, where the original's projects keep them, so their objects stay out of the API's
 * `public`) and disabled after a confirmation, since dropping one drops what it made.
 */
import { useId, useState } from 'react';
import { DataGrid, type Row } from '../components/data-grid';
import { StatusLine } from '../components/messages';
import { errorText } from '../http';
import { disableExtension, enableExtension, listExtensions, type ExtensionMeta } from './db-meta';
import { EnableDialog } from './enable-dialog';
import { LoadState } from './load-state';
import { useLoaded } from './use-loaded';

const COLUMNS = [{ name: 'name' }, { name: 'status' }, { name: 'version' }, { name: 'description' }];

const rowOf = (extension: ExtensionMeta): Row => ({
  name: extension.name,
  status: extension.installed_version === null ? 'available' : `installed in ${extension.schema}`,
  version: extension.installed_version ?? extension.default_version,
  description: extension.comment,
});

export function ExtensionList({ schemas }: { schemas: readonly string[] }) {
  const searchId = useId();
  const { data, error, loading, reload } = useLoaded(listExtensions, []);
  const [search, setSearch] = useState('');
  const [enabling, setEnabling] = useState<string>();
  const [status, setStatus] = useState('');
  const shown = (data ?? []).filter((extension) => extension.name.includes(search.trim().toLowerCase()));

  async function enable(name: string, schema: string) {
    await enableExtension(name, schema);
    setEnabling(undefined);
    // Said once the list shows it, so what is announced is what is seen.
    await reload();
    setStatus(`Extension ${name} enabled in ${schema}`);
  }

  async function disable(extension: ExtensionMeta) {
    if (!confirm(`Disable the extension ${extension.name}? Its functions, types and operators are dropped.`)) return;
    try {
      await disableExtension(extension.name);
      await reload();
      setStatus(`Extension ${extension.name} disabled`);
    } catch (cause) {
      setStatus(`Could not disable ${extension.name}: ${errorText(cause)}`);
    }
  }

  return (
    <>
      <div className="toolbar">
        <div className="grow">
          <label htmlFor={searchId}>Search extensions</label>
          <input id={searchId} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </div>
      </div>
      <StatusLine text={status} />
      <LoadState error={error} loading={loading} />
      {data && shown.length === 0 && <p className="hint">No extension named like “{search}” is available on this server.</p>}
      {shown.length > 0 && (
        <DataGrid
          label="Extension list"
          columns={COLUMNS}
          rows={shown.map(rowOf)}
          actions={(_row, index) => {
            const extension = shown[index]!;
            return extension.installed_version === null ? (
              <button type="button" onClick={() => setEnabling(extension.name)} aria-label={`Enable ${extension.name}`}>
                Enable
              </button>
            ) : (
              <button type="button" className="danger" onClick={() => void disable(extension)} aria-label={`Disable ${extension.name}`}>
                Disable
              </button>
            );
          }}
        />
      )}
      {enabling && <EnableDialog extension={enabling} schemas={schemas} onEnable={enable} onClose={() => setEnabling(undefined)} />}
    </>
  );
}
