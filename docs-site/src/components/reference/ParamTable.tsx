import React from 'react';

export interface ApiParameter { name: string; in: string; required: boolean; description: string; type: string }

/** Parameters of one location (path, query, header) of an operation. */
export default function ParamTable({ title, parameters }: { title: string; parameters: ApiParameter[] }) {
  if (parameters.length === 0) return null;
  return (
    <>
      <h3 className="param-table__title">{title}</h3>
      <ul className="param-list">
        {parameters.map((p) => (
          <li key={p.name} className="param">
            <p className="param__head"><code>{p.name}</code> <span className="param__badge">{p.required ? 'Required' : 'Optional'}</span> <span className="param__type">{p.type}</span></p>
            {p.description && <p>{p.description}</p>}
          </li>
        ))}
      </ul>
    </>
  );
}
