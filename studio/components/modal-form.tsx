/**
 * A form in a modal dialog (the browser's <dialog>: focus stays inside it, Escape closes it),
 * opened as it mounts: a title, the fields, the primary action and Cancel. The action's failure
 * is shown in the dialog, which stays open so that the user can correct and try again; on
 * success the owner unmounts it.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { errorText } from '../http';
import { ErrorAlert } from './messages';

export function ModalForm(props: { title: string; action: string; onSubmit: () => Promise<void>; onClose: () => void; children: ReactNode }) {
  const { title, action, onSubmit, onClose, children } = props;
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Disabled while under way, so a second press does not send it twice.
    setSaving(true);
    try {
      await onSubmit();
    } catch (cause) {
      setError(errorText(cause));
      setSaving(false);
    }
  }

  return (
    <dialog ref={dialog} aria-labelledby={titleId} onClose={onClose}>
      <form onSubmit={submit}>
        <h2 id={titleId}>{title}</h2>
        {children}
        <ErrorAlert text={error} />
        <div className="toolbar">
          <button type="submit" className="primary" disabled={saving}>
            {action}
          </button>
          <button type="button" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
