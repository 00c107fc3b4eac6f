/**
 * One bucket's files, a folder at a time: the folder path as a row of buttons, the entries under
 * it (folders first, as Storage lists them, then files with their size, MIME type and last
 * change), files uploaded into it (one or many, optionally replacing ones of the same name),
 * downloaded, deleted, and their links; the bucket itself emptied or deleted. A folder is only a
 * prefix of names, so a new one exists once a file is uploaded into it.
 */
import { useCallback, useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { DataGrid, type Row } from '../components/data-grid';
import { ErrorAlert, StatusLine } from '../components/messages';
import { Pager } from '../components/pager';
import type { StudioConfig } from '../config';
import { navigate } from '../hash-route';
import { errorText } from '../http';
import { ObjectLinks } from './object-links';
import { formatBytes } from './sizes';
import { storageAddress } from './storage-address';
import { deleteBucket, deleteFile, downloadFile, emptyBucket, ENTRIES_PER_PAGE, FOLDER_PLACEHOLDER, listEntries, uploadFile, type Bucket, type StorageEntry } from './storage-api';

const COLUMNS = [{ name: 'name' }, { name: 'size' }, { name: 'type' }, { name: 'updated' }];

/** Hands the browser a blob as a download named `name`. */
function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The download has taken the blob once the click's task is over.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** `prefix` and `page` come from the address (storage-address.ts); opening a folder or a page goes to its address. */
export function ObjectBrowser({ config, bucket, prefix, page, onBucketGone }: { config: StudioConfig; bucket: Bucket; prefix: string; page: number; onBucketGone: () => void }) {
  const ids = { upload: useId(), overwrite: useId(), folder: useId() };
  const [entries, setEntries] = useState<StorageEntry[]>();
  /** Whether the page was full, so another may follow (counted before the placeholders are hidden). */
  const [more, setMore] = useState(false);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [overwrite, setOverwrite] = useState(false);
  const [folder, setFolder] = useState('');
  const [links, setLinks] = useState<string>();

  const load = useCallback(async () => {
    try {
      const listed = await listEntries(config, bucket.id, prefix, page);
      setMore(listed.length === ENTRIES_PER_PAGE);
      setEntries(listed.filter((entry) => entry.name !== FOLDER_PLACEHOLDER));
      setError('');
    } catch (cause) {
      setEntries(undefined);
      setError(errorText(cause));
    }
  }, [config, bucket.id, prefix, page]);

  useEffect(() => {
    void load();
  }, [load]);

  // A file's links belong to the folder it is in.
  useEffect(() => setLinks(undefined), [prefix]);

  /** Opens a folder: an address of its own, so Back returns to the one before. */
  function open(next: string) {
    navigate(storageAddress({ bucket: bucket.id, prefix: next, page: 0 }));
  }

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const files = [...(input.files ?? [])];
    if (files.length === 0) return;
    const failed: string[] = [];
    for (const file of files) {
      try {
        await uploadFile(config, bucket.id, prefix + file.name, file, overwrite);
      } catch (cause) {
        failed.push(`${file.name}: ${errorText(cause)}`);
      }
    }
    // Cleared, so choosing the same file again uploads it again.
    input.value = '';
    const done = files.length - failed.length;
    setStatus([done > 0 ? `Uploaded ${done} file${done === 1 ? '' : 's'} to ${bucket.name}/${prefix}` : '', failed.length > 0 ? `Not uploaded: ${failed.join('; ')}` : ''].filter(Boolean).join('. '));
    await load();
  }

  async function download(path: string) {
    try {
      saveBlob(await downloadFile(config, bucket.id, path), path.split('/').pop()!);
      setStatus(`Downloading ${path}`);
    } catch (cause) {
      setStatus(`Could not download ${path}: ${errorText(cause)}`);
    }
  }

  async function remove(path: string) {
    if (!confirm(`Delete ${bucket.name}/${path}?`)) return;
    try {
      await deleteFile(config, bucket.id, path);
      setStatus(`Deleted ${path}`);
      if (links === path) setLinks(undefined);
      await load();
    } catch (cause) {
      setStatus(`Could not delete ${path}: ${errorText(cause)}`);
    }
  }

  async function empty() {
    if (!confirm(`Delete every file of the bucket ${bucket.name}?`)) return;
    try {
      await emptyBucket(config, bucket.id);
      setStatus(`Bucket ${bucket.name} emptied`);
      open('');
      await load();
    } catch (cause) {
      setStatus(`Could not empty the bucket: ${errorText(cause)}`);
    }
  }

  async function dropBucket() {
    if (!confirm(`Delete the bucket ${bucket.name}?`)) return;
    try {
      await deleteBucket(config, bucket.id);
      onBucketGone();
    } catch (cause) {
      setStatus(`Could not delete the bucket: ${errorText(cause)}`);
    }
  }

  function openFolder(event: FormEvent) {
    event.preventDefault();
    const name = folder.replace(/^\/+|\/+$/g, '');
    if (!name) return;
    open(`${prefix}${name}/`);
    setFolder('');
    setStatus(`Folder ${prefix}${name}/ opened: it is kept once a file is uploaded into it`);
  }

  const segments = prefix.split('/').filter(Boolean);
  const list = entries ?? [];
  const rows: Row[] = list.map((entry) =>
    entry.id === null
      ? { name: `${entry.name}/`, size: null, type: 'folder', updated: null }
      : {
          name: entry.name,
          size: entry.metadata?.size === undefined ? null : formatBytes(entry.metadata.size),
          type: entry.metadata?.mimetype ?? null,
          updated: entry.updated_at ? new Date(entry.updated_at).toLocaleString() : null,
        },
  );
  const limits = [bucket.public ? 'public' : 'private', bucket.file_size_limit === null ? 'no size limit of its own' : `files up to ${formatBytes(bucket.file_size_limit)}`, bucket.allowed_mime_types?.length ? `types ${bucket.allowed_mime_types.join(', ')}` : 'any type'];

  return (
    <section aria-labelledby="bucket-name">
      <div className="toolbar">
        <h2 id="bucket-name" className="grow">
          {bucket.name}
        </h2>
        <button type="button" onClick={() => void load()}>
          Refresh
        </button>
        <button type="button" className="danger" onClick={() => void empty()}>
          Empty bucket
        </button>
        <button type="button" className="danger" onClick={() => void dropBucket()}>
          Delete bucket
        </button>
      </div>
      <p className="hint">{limits.join(' · ')}</p>
      <nav aria-label="Folder path" className="toolbar crumbs">
        <button type="button" className="link" onClick={() => open('')} aria-current={prefix === '' ? 'location' : undefined}>
          {bucket.name}
        </button>
        {segments.map((segment, index) => {
          const target = `${segments.slice(0, index + 1).join('/')}/`;
          return (
            <span key={target}>
              /{' '}
              <button type="button" className="link" onClick={() => open(target)} aria-current={target === prefix ? 'location' : undefined}>
                {segment}
              </button>
            </span>
          );
        })}
      </nav>
      <div className="toolbar">
        <div className="grow">
          <label htmlFor={ids.upload}>Upload files to {`${bucket.name}/${prefix}`}</label>
          <input id={ids.upload} type="file" multiple onChange={(event) => void upload(event)} />
        </div>
        <div className="check">
          <input id={ids.overwrite} type="checkbox" checked={overwrite} onChange={(event) => setOverwrite(event.target.checked)} />{' '}
          <label htmlFor={ids.overwrite}>Replace files of the same name</label>
        </div>
      </div>
      <form className="toolbar" onSubmit={openFolder}>
        <div className="grow">
          <label htmlFor={ids.folder}>New folder</label>
          <input id={ids.folder} value={folder} onChange={(event) => setFolder(event.target.value)} autoComplete="off" spellCheck={false} />
        </div>
        <button type="submit">Open new folder</button>
      </form>
      <StatusLine text={status} />
      <ErrorAlert text={error} />
      {links && <ObjectLinks key={links} config={config} bucket={bucket} path={links} onClose={() => setLinks(undefined)} />}
      {entries && (
        <>
          {list.length === 0 && page === 0 ? (
            <p className="hint">{prefix ? 'This folder is empty: upload files into it.' : 'This bucket is empty: upload files into it.'}</p>
          ) : (
            <DataGrid
              label={`Files in ${bucket.name}/${prefix}`}
              columns={COLUMNS}
              rows={rows}
              cell={(row, column) => {
                const entry = list[rows.indexOf(row)]!;
                if (column !== 'name' || entry.id !== null) return undefined;
                return (
                  <button type="button" className="link" onClick={() => open(`${prefix}${entry.name}/`)} aria-label={`Open folder ${entry.name}`}>
                    {entry.name}/
                  </button>
                );
              }}
              actions={(_row, index) => {
                const entry = list[index]!;
                if (entry.id === null) return null;
                const path = prefix + entry.name;
                return (
                  <span className="toolbar">
                    <button type="button" onClick={() => void download(path)} aria-label={`Download ${entry.name}`}>
                      Download
                    </button>
                    <button type="button" onClick={() => setLinks(path)} aria-label={`Links to ${entry.name}`} aria-pressed={links === path}>
                      Links
                    </button>
                    <button type="button" className="danger" onClick={() => void remove(path)} aria-label={`Delete ${entry.name}`}>
                      Delete
                    </button>
                  </span>
                );
              }}
            />
          )}
          <Pager
            label="File pages"
            summary={list.length === 0 ? '' : `Entries ${page * ENTRIES_PER_PAGE + 1}–${page * ENTRIES_PER_PAGE + list.length}`}
            hasPrevious={page > 0}
            hasNext={more}
            onMove={(step) => navigate(storageAddress({ bucket: bucket.id, prefix, page: page + step }), { replace: true })}
          />
        </>
      )}
    </section>
  );
}
