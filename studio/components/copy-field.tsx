/**
 * A read-only value with a copy button. The button says what it copied (to screen readers too,
 * through a polite live region), and a secret can be shown or hidden.
 */
import { useId, useState } from 'react';
import { StatusLine } from './messages';

export function CopyField({ label, value, secret = false, multiline = false }: { label: string; value: string; secret?: boolean; multiline?: boolean }) {
  const id = useId();
  const [copied, setCopied] = useState('');
  const [shown, setShown] = useState(!secret);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(`${label} copied`);
    } catch {
      setCopied('Copying is not allowed here: select the value and copy it');
    }
    setTimeout(() => setCopied(''), 2500);
  }

  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="field-row">
        {multiline ? (
          <textarea id={id} readOnly value={value} rows={value.split('\n').length} spellCheck={false} />
        ) : (
          <input id={id} readOnly type={shown ? 'text' : 'password'} value={value} spellCheck={false} />
        )}
        {secret && (
          <button type="button" onClick={() => setShown(!shown)} aria-pressed={shown} aria-label={`${shown ? 'Hide' : 'Reveal'} ${label}`}>
            {shown ? 'Hide' : 'Reveal'}
          </button>
        )}
        <button type="button" onClick={copy} aria-label={`Copy ${label}`}>
          Copy
        </button>
      </div>
      <StatusLine text={copied} />
    </div>
  );
}
