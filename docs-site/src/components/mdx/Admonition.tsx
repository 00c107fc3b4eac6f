import React from 'react';
import type { ReactNode } from 'react';

export type AdmonitionType = 'note' | 'tip' | 'caution' | 'danger' | 'deprecation' | 'default' | 'warning' | 'destructive';

// Five writer-facing types share three looks, as on the original site.
const VARIANT: Record<AdmonitionType, 'default' | 'warning' | 'destructive'> = {
  note: 'default',
  tip: 'default',
  caution: 'warning',
  danger: 'destructive',
  deprecation: 'warning',
  default: 'default',
  warning: 'warning',
  destructive: 'destructive',
};

interface AdmonitionProps {
  type?: AdmonitionType;
  title?: string;
  /** Older name for the title, still accepted. */
  label?: string;
  children?: ReactNode;
}

function Icon({ warning }: { warning: boolean }) {
  return warning ? (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18"><path fill="currentColor" d="M12 2 1 21h22L12 2zm1 15h-2v-2h2v2zm0-4h-2V9h2v4z" /></svg>
  ) : (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18"><path fill="currentColor" d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-6h2v6zm0-8h-2V7h2v2z" /></svg>
  );
}

/** A callout: `<Admonition type="caution" title="Back up first">…</Admonition>`. */
export default function Admonition({ type = 'note', title, label, children }: AdmonitionProps) {
  const variant = VARIANT[type] ?? 'default';
  const heading = title ?? label;
  return (
    <div role="note" className={`admonition admonition--${variant}`} data-type={type}>
      <Icon warning={variant !== 'default'} />
      <div className="admonition__body">
        {heading && <p className="admonition__title">{heading}</p>}
        <div className="admonition__content">{children}</div>
      </div>
    </div>
  );
}
