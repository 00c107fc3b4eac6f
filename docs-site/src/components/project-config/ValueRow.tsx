import React from 'react';
import CopyValueButton from './CopyValueButton';
import { styles } from './styles';

interface ValueRowProps {
  /** What the box shows: the value, "Loading..." or the placeholder. */
  text: string;
  /** The value to copy, only when there is a real one. */
  value?: string;
  label: string;
  dataState?: string;
}

/** The read-only value box and its copy button. */
export default function ValueRow({ text, value, label, dataState }: ValueRowProps) {
  return (
    <div style={styles.row} data-value-row="" data-state={dataState}>
      <input type="text" disabled readOnly aria-label={label} value={text} style={styles.value} />
      <CopyValueButton value={value} />
    </div>
  );
}
