import React, { useState } from 'react';
import throughput from '../../../data/realtime-throughput.json';

interface Row {
  computeAddOn: string; filters: boolean; rls: boolean; concurrency: number;
  maxDBChanges: number | string; maxMessagesPerClient: number | string; totalMessagesPerSecond: number; p95Latency: number;
}

const ROWS = throughput as Row[];
const COMPUTE = [
  { id: 'micro', label: 'Micro' },
  { id: 'small', label: 'Small to medium' },
  { id: 'large', label: 'Large to 16XL' },
];

/** Postgres Changes throughput measured per compute size, RLS and number of connected clients. */
export default function RealtimeLimitsEstimator() {
  const [compute, setCompute] = useState('micro');
  const [rls, setRls] = useState(false);
  const [clients, setClients] = useState(500);
  const options = ROWS.filter((r) => r.computeAddOn === compute && r.rls === rls && !r.filters);
  const row = options.find((r) => r.concurrency === clients) ?? options[0];
  // Every combination was measured from 500 clients up, so that is the safe reset point.
  const reset = () => setClients(500);

  return (
    <div className="estimator">
      <div className="helper-form helper-form--row">
        <label>Compute<select name="compute" value={compute} onChange={(e) => { setCompute(e.target.value); reset(); }}>
          {COMPUTE.map((c) => <option key={c.id} value={c.id}>{c.label}</option>)}
        </select></label>
        <label>Filters<select name="filters" disabled value="no"><option value="no">No</option></select></label>
        <label>RLS<select name="rls" value={rls ? 'yes' : 'no'} onChange={(e) => { setRls(e.target.value === 'yes'); reset(); }}>
          <option value="no">No</option><option value="yes">Yes</option>
        </select></label>
        <label>Connected clients<select name="clients" value={row.concurrency} onChange={(e) => setClients(Number(e.target.value))}>
          {options.map((r) => <option key={r.concurrency} value={r.concurrency}>{r.concurrency.toLocaleString('en-US')}</option>)}
        </select></label>
      </div>
      <dl className="estimator__results">
        <div><dt>Total DB changes /sec</dt><dd data-testid="db-changes">{row.maxDBChanges}</dd></div>
        <div><dt>Max messages per client /sec</dt><dd>{row.maxMessagesPerClient}</dd></div>
        <div><dt>Max total messages /sec</dt><dd>{row.totalMessagesPerSecond.toLocaleString('en-US')}</dd></div>
        <div><dt>Latency p95</dt><dd>{row.p95Latency} ms</dd></div>
      </dl>
      <details>
        <summary>View raw throughput table</summary>
        <table>
          <thead><tr><th>Compute</th><th>RLS</th><th>Clients</th><th>DB changes/s</th><th>Per client/s</th><th>Total/s</th><th>p95 ms</th></tr></thead>
          <tbody>{ROWS.map((r) => (
            <tr key={`${r.computeAddOn}-${r.rls}-${r.concurrency}`}><td>{r.computeAddOn}</td><td>{r.rls ? 'yes' : 'no'}</td><td>{r.concurrency}</td><td>{r.maxDBChanges}</td><td>{r.maxMessagesPerClient}</td><td>{r.totalMessagesPerSecond}</td><td>{r.p95Latency}</td></tr>
          ))}</tbody>
        </table>
      </details>
    </div>
  );
}
