import React from 'react';

export interface SpecFlag {
  id: string;
  name: string;
  description: string;
  /** The description's Markdown as HTML, made at build time (gatsby-node). */
  descriptionHtml: string;
  default_value: string;
  required?: boolean;
  accepted_values?: Array<{ id: string; name: string }>;
}

/** Flags as the reference shows them: name, required or optional, accepted values, default. */
export default function FlagList({ flags }: { flags: SpecFlag[] }) {
  return (
    <ul className="param-list">
      {flags.map((flag) => (
        <li key={flag.id} className="param" data-flag={flag.id}>
          <p className="param__head">
            <code>{flag.name}</code> <span className="param__badge">{flag.required ? 'Required' : 'Optional'}</span>
          </p>
          <div className="param__description" dangerouslySetInnerHTML={{ __html: flag.descriptionHtml }} />
          {flag.accepted_values && (
            <p className="param__values">Accepted values: {flag.accepted_values.map((v) => <code key={v.id}>{v.name}</code>).reduce<React.ReactNode[]>((all, v, i) => (i ? [...all, ', ', v] : [v]), [])}</p>
          )}
          {flag.default_value !== '' && <p className="param__default">Default: <code>{flag.default_value}</code></p>}
        </li>
      ))}
    </ul>
  );
}
