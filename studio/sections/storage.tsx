/**
 * Storage: the local stack's buckets (public or private, their limits) and, for the one chosen,
 * its files through the native Storage API as the service role (studio/storage/). The bucket, the
 * folder and the page are the address (storage-address.ts). A new bucket is opened once created;
 * a deleted one leaves nothing chosen.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ErrorAlert } from '../components/messages';
import { ServiceNotice, serviceAbsent } from '../components/service-notice';
import type { StudioConfig } from '../config';
import { navigate, parseHash, useHash } from '../hash-route';
import { errorText } from '../http';
import { BucketForm } from '../storage/bucket-form';
import { ObjectBrowser } from '../storage/object-browser';
import { storageAddress, storageViewOf } from '../storage/storage-address';
import { listBuckets, type Bucket } from '../storage/storage-api';

export function StorageSection({ config }: { config: StudioConfig }) {
  const hash = useHash();
  const view = useMemo(() => storageViewOf(parseHash(hash)), [hash]);
  const [buckets, setBuckets] = useState<Bucket[]>();
  const [error, setError] = useState('');
  /** Storage is not there: the notice says so, and the section offers nothing that would fail. */
  const [absent, setAbsent] = useState(false);

  const load = useCallback(async () => {
    try {
      setBuckets(await listBuckets(config));
      setError('');
      setAbsent(false);
    } catch (cause) {
      // An absent Storage is the notice's to say, once.
      setAbsent(serviceAbsent(cause));
      setError(serviceAbsent(cause) ? '' : errorText(cause));
    }
  }, [config]);

  useEffect(() => {
    void load();
  }, [load]);

  const bucket = view.bucket === undefined ? undefined : buckets?.find((item) => item.id === view.bucket);
  const top = (id: string) => storageAddress({ bucket: id, prefix: '', page: 0 });
  return (
    <>
      <ServiceNotice probe={() => listBuckets(config)} />
      <ErrorAlert text={error} />
      {!absent && (
        <div className="split">
          <div>
            <h2 id="bucket-list">Buckets</h2>
            {buckets === undefined ? (
              !error && <p className="hint">Loading…</p>
            ) : buckets.length === 0 ? (
              <p className="hint">No buckets yet: create one below.</p>
            ) : (
              <ul className="list" aria-labelledby="bucket-list">
                {buckets.map((item) => (
                  <li key={item.id}>
                    <a href={top(item.id)} aria-current={item.id === view.bucket ? 'page' : undefined}>
                      {item.name} <span className="type">{item.public ? 'public' : 'private'}</span>
                    </a>
                  </li>
                ))}
              </ul>
            )}
            {buckets && <BucketForm config={config} onCreated={(name) => void load().then(() => navigate(top(name)))} />}
          </div>
          {bucket ? (
            <ObjectBrowser key={bucket.id} config={config} bucket={bucket} prefix={view.prefix} page={view.page} onBucketGone={() => (navigate(storageAddress({ prefix: '', page: 0 }), { replace: true }), void load())} />
          ) : view.bucket !== undefined && buckets !== undefined ? (
            <p className="hint">There is no bucket {view.bucket}.</p>
          ) : (
            <p className="hint">{buckets?.length ? 'Choose a bucket to see its files.' : ''}</p>
          )}
        </div>
      )}
    </>
  );
}
