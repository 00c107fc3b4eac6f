/**
 * Storage: the local stack's buckets (public or private, their limits) and, for the one chosen,
 * its files through the native Storage API as the service role (studio/storage/). A new bucket
 * is chosen once created; a deleted one leaves nothing chosen.
 */
import { useCallback, useEffect, useState } from 'react';
import { ErrorAlert } from '../components/messages';
import { ServiceNotice, serviceAbsent } from '../components/service-notice';
import type { StudioConfig } from '../config';
import { errorText } from '../http';
import { BucketForm } from '../storage/bucket-form';
import { ObjectBrowser } from '../storage/object-browser';
import { listBuckets, type Bucket } from '../storage/storage-api';

export function StorageSection({ config }: { config: StudioConfig }) {
  const [buckets, setBuckets] = useState<Bucket[]>();
  const [chosen, setChosen] = useState<string>();
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

  const bucket = buckets?.find((item) => item.id === chosen);
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
                    <button type="button" aria-pressed={item.id === chosen} onClick={() => setChosen(item.id)}>
                      {item.name} <span className="type">{item.public ? 'public' : 'private'}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {buckets && <BucketForm config={config} onCreated={(name) => void load().then(() => setChosen(name))} />}
          </div>
          {bucket ? (
            <ObjectBrowser key={bucket.id} config={config} bucket={bucket} onBucketGone={() => (setChosen(undefined), void load())} />
          ) : (
            <p className="hint">{buckets?.length ? 'Choose a bucket to see its files.' : ''}</p>
          )}
        </div>
      )}
    </>
  );
}
