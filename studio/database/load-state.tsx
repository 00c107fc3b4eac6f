/** A Database view's words while its list is not there: loading, or the error that stopped it. */
export function LoadState({ error, loading }: { error: string; loading: boolean }) {
  if (error) {
    return (
      <p className="error" role="alert">
        {error}
      </p>
    );
  }
  return loading ? <p className="hint">Loading…</p> : null;
}
