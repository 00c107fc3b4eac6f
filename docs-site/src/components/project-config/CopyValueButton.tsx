import React from 'react';
import Icon from './Icon';
import { styles } from './styles';
import { useCopied } from '../../lib/use-copied';

/** Copies the value; unusable while there is none, shows a tick for a second after copying. */
export default function CopyValueButton({ value }: { value: string | undefined }) {
  const [copied, markCopied] = useCopied();
  const copy = async () => {
    if (value === undefined) return;
    try {
      await navigator.clipboard.writeText(value);
      markCopied();
    } catch {
      // Clipboard refused (permissions, insecure origin): the value is still visible to copy by hand.
    }
  };
  return (
    <button type="button" aria-label="Copy" data-copied={copied} disabled={value === undefined} onClick={copy} style={{ ...styles.iconButton, ...(value === undefined ? { opacity: 0.5, cursor: 'not-allowed' } : {}) }}>
      <Icon name={copied ? 'check' : 'copy'} />
    </button>
  );
}
