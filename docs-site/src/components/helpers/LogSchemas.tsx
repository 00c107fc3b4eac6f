import React from 'react';
import data from '../../../data/log-schemas.json';

interface Schema { name: string; reference: string; fields: Array<{ path: string; type: string }> }

/** The fields each log source exposes to queries, one collapsible table per source. */
export default function LogSchemas() {
  const schemas = (data as { schemas: Schema[] }).schemas;
  return (
    <div className="log-schemas">
      {schemas.map((schema) => (
        <details key={schema.reference} className="log-schema" id={`log-source-${schema.reference}`}>
          <summary><strong>{schema.name}</strong> <code>{schema.reference}</code> ({schema.fields.length} fields)</summary>
          <table>
            <thead><tr><th>Path</th><th>Type</th></tr></thead>
            <tbody>{schema.fields.map((field) => <tr key={field.path}><td><code>{field.path}</code></td><td>{field.type}</td></tr>)}</tbody>
          </table>
        </details>
      ))}
    </div>
  );
}
