/**
 * Enabling an extension: the schema it goes into (`extensions` unless the user picks another), in
 * a modal dialog; the server's refusal (a schema the extension cannot be moved to, a missing
 * library) is shown in it, so the user can pick again.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';

/** Where the original's projects install extensions. */
export const DEFAULT_EXTENSION_SCHEMA = 'extensions';

export function EnableDialog(props: { extension: string; schemas: readonly string[]; onEnable: (name: string, schema: string) => Promise<void>; onClose: () => void }) {
  const { extension, schemas, onEnable, onClose } = props;
  const schemaId = useId();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const choices = schemas.includes(DEFAULT_EXTENSION_SCHEMA) ? schemas : [DEFAULT_EXTENSION_SCHEMA, ...schemas];
  const [schema, setSchema] = useState(DEFAULT_EXTENSION_SCHEMA);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      await onEnable(extension, schema);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
      setSaving(false);
    }
  }

  return (
    <dialog ref={dialog} aria-labelledby={titleId} onClose={onClose}>
      <form onSubmit={submit}>
        <h2 id={titleId}>Enable {extension}</h2>
        <div className="form-field">
          <label htmlFor={schemaId}>Schema</label>
          <select id={schemaId} value={schema} onChange={(event) => setSchema(event.target.value)}>
            {choices.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </div>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <div className="toolbar">
          <button type="submit" className="primary" disabled={saving}>
            Enable extension
          </button>
          <button type="button" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
