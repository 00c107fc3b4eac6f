/** A Database view's words while its list is not there: loading, or the error that stopped it. */
import { ErrorAlert } from '../components/messages';

export function LoadState({ error, loading }: { error: string; loading: boolean }) {
  if (error) return <ErrorAlert text={error} />;
  return loading ? <p className="hint">Loading…</p> : null;
}
