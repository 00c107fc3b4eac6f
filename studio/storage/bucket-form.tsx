/**
 * The form that creates a bucket: its name, public or private, and the optional size limit and
 * allowed MIME types that Storage then enforces on every upload. Storage judges the values (an
 * invalid name, a limit above the stack's `[storage] file_size_limit`) and its sentence is shown.
 */
import { useId, useState } from 'react';
import { StatusForm } from '../components/status-form';
import type { StudioConfig } from '../config';
import { createBucket } from './storage-api';

const EMPTY = { name: '', public: false, sizeLimit: '', mimeTypes: '' };

export function BucketForm({ config, onCreated }: { config: StudioConfig; onCreated: (name: string) => void }) {
  const ids = { name: useId(), public: useId(), limit: useId(), limitHint: useId(), types: useId(), typesHint: useId() };
  const [form, setForm] = useState(EMPTY);

  async function create(): Promise<string> {
    await createBucket(config, form);
    setForm(EMPTY);
    onCreated(form.name);
    return `Bucket ${form.name} created`;
  }

  return (
    <StatusForm title="New bucket" action="Create bucket" failure="Could not create the bucket" onSubmit={create}>
      <div className="form-field">
        <label htmlFor={ids.name}>Bucket name</label>
        <input id={ids.name} required value={form.name} onChange={(event) => setForm({ ...form, name: event.target.value })} autoComplete="off" spellCheck={false} />
      </div>
      <div className="form-field check">
        <input id={ids.public} type="checkbox" checked={form.public} onChange={(event) => setForm({ ...form, public: event.target.checked })} />{' '}
        <label htmlFor={ids.public}>Public: anyone can read its files</label>
      </div>
      <div className="form-field">
        <label htmlFor={ids.limit}>Size limit per file</label>
        <input id={ids.limit} aria-describedby={ids.limitHint} value={form.sizeLimit} onChange={(event) => setForm({ ...form, sizeLimit: event.target.value })} placeholder="5MB" autoComplete="off" />
        <p className="hint" id={ids.limitHint}>
          Bytes, or a size such as 5MB; empty for the stack&apos;s limit.
        </p>
      </div>
      <div className="form-field">
        <label htmlFor={ids.types}>Allowed MIME types</label>
        <input id={ids.types} aria-describedby={ids.typesHint} value={form.mimeTypes} onChange={(event) => setForm({ ...form, mimeTypes: event.target.value })} placeholder="image/*, application/pdf" autoComplete="off" />
        <p className="hint" id={ids.typesHint}>
          Separated by commas; empty for any type.
        </p>
      </div>
    </StatusForm>
  );
}
