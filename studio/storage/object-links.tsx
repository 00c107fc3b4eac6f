/**
 * The links of one file: its public URL when the bucket is public, and a signed URL made on
 * request with the expiry chosen (Storage signs it with the stack's JWT secret), each with a copy
 * button and a link that opens it. Made on request rather than for every file listed, since each
 * is a call and an expiry the user picks.
 */
import { useId, useState } from 'react';
import { CopyField } from '../components/copy-field';
import { ErrorAlert } from '../components/messages';
import type { StudioConfig } from '../config';
import { errorText } from '../http';
import { EXPIRIES } from './sizes';
import { publicUrl, signedUrl, type Bucket } from './storage-api';

/** A URL to copy, with a link that opens it in a new tab. */
function UrlField({ label, url, open }: { label: string; url: string; open: string }) {
  return (
    <>
      <CopyField label={label} value={url} />
      <p className="hint">
        <a href={url} target="_blank" rel="noreferrer">
          {open}
        </a>
      </p>
    </>
  );
}

export function ObjectLinks({ config, bucket, path, onClose }: { config: StudioConfig; bucket: Bucket; path: string; onClose: () => void }) {
  const expiryId = useId();
  const [seconds, setSeconds] = useState(EXPIRIES[1]!.seconds);
  const [signed, setSigned] = useState('');
  const [error, setError] = useState('');

  async function sign() {
    try {
      setSigned(await signedUrl(config, bucket.id, path, seconds));
      setError('');
    } catch (cause) {
      setSigned('');
      setError(errorText(cause));
    }
  }

  const shared = bucket.public ? publicUrl(config, bucket.id, path) : '';
  return (
    <section className="panel" aria-labelledby="object-links">
      <div className="toolbar">
        <h3 id="object-links" className="grow">
          Links to {path}
        </h3>
        <button type="button" onClick={onClose}>
          Close links
        </button>
      </div>
      {shared ? (
        <UrlField label="Public URL" url={shared} open="Open the public URL" />
      ) : (
        <p className="hint">The bucket is private: only a signed URL opens this file without a key.</p>
      )}
      <div className="toolbar">
        <div>
          <label htmlFor={expiryId}>Signed URL expires in</label>
          <select id={expiryId} value={seconds} onChange={(event) => (setSeconds(Number(event.target.value)), setSigned(''))}>
            {EXPIRIES.map((expiry) => (
              <option key={expiry.seconds} value={expiry.seconds}>
                {expiry.label}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="primary" onClick={() => void sign()}>
          Create signed URL
        </button>
      </div>
      <ErrorAlert text={error} />
      {signed && <UrlField label="Signed URL" url={signed} open="Open the signed URL" />}
    </section>
  );
}
