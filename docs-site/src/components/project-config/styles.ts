// Inline styles of the widget: it ships in its own chunk, so it carries its look with it instead of
// adding rules to every page's stylesheet. Colours come from the site's theme variables.
import type { CSSProperties } from 'react';

const control: CSSProperties = {
  font: 'inherit',
  fontSize: '0.88rem',
  color: 'var(--fg)',
  background: 'var(--bg)',
  border: '1px solid var(--border)',
  borderRadius: 6,
  padding: '0.3rem 0.6rem',
};

export const styles = {
  frame: { maxWidth: 'min(100%, 500px)', margin: '1.25rem 0' },
  title: { margin: '0 0 0.4rem', fontSize: '0.9rem', fontWeight: 600 },
  row: { display: 'flex', gap: '0.5rem', alignItems: 'center', marginBottom: '0.5rem' },
  combobox: { position: 'relative', minWidth: 0, flex: '1 1 0' },
  trigger: { ...control, width: '100%', display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '0.5rem', cursor: 'pointer', textAlign: 'left' },
  triggerLabel: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  popover: { position: 'absolute', zIndex: 10, top: 'calc(100% + 4px)', left: 0, right: 0, background: 'var(--bg)', border: '1px solid var(--border)', borderRadius: 8, boxShadow: '0 8px 24px rgb(0 0 0 / 0.12)' },
  search: { ...control, width: '100%', boxSizing: 'border-box', border: 0, borderBottom: '1px solid var(--border)', borderRadius: 0 },
  list: { listStyle: 'none', margin: 0, padding: '0.25rem' },
  option: { display: 'flex', gap: '0.4rem', alignItems: 'center', padding: '0.3rem 0.5rem', borderRadius: 4, cursor: 'pointer', fontSize: '0.88rem' },
  optionActive: { background: 'var(--bg-soft)' },
  empty: { margin: 0, padding: '0.6rem', fontSize: '0.88rem', color: 'var(--fg-muted)' },
  value: { ...control, flex: '1 1 auto', minWidth: 0, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', background: 'var(--bg-soft)', color: 'var(--fg-muted)' },
  iconButton: { ...control, border: 0, background: 'none', cursor: 'pointer', lineHeight: 0 },
  hint: { margin: '0.25rem 0 0', fontSize: '0.85rem', color: 'var(--fg-muted)' },
  linkButton: { font: 'inherit', color: 'var(--brand)', background: 'none', border: 0, padding: 0, cursor: 'pointer', textDecoration: 'underline' },
} satisfies Record<string, CSSProperties>;

/** Height of the option list once there are more than SCROLL_AFTER options (upstream's combobox: 280px past 10). */
export const SCROLL_AREA_HEIGHT = 280;
export const SCROLL_AFTER = 10;
