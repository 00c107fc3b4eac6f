/**
 * A section's word on the service it needs: probed once when the section opens, so a service left
 * out with `-x` (or not answering) is named, with how to start it, before the user tries anything.
 * The words are the gateway's (its 503s name the `-x` flag) or, when the gateway itself is down,
 * GATEWAY_DOWN.
 */
import { useEffect, useState } from 'react';
import { ApiError } from '../http';

/** Statuses that mean "the service is not there", as opposed to a refused request. */
const ABSENT = new Set([0, 502, 503]);

/** Whether an error says the service is not there (what the notice already shows). */
export function serviceAbsent(error: unknown): boolean {
  return error instanceof ApiError && ABSENT.has(error.status);
}

export function ServiceNotice({ probe }: { probe: () => Promise<unknown> }) {
  const [message, setMessage] = useState<string>();
  useEffect(() => {
    probe().then(
      () => setMessage(undefined),
      (error: unknown) => setMessage(serviceAbsent(error) ? (error as ApiError).message : undefined),
    );
    // Probed once per opening of the section, not again when the caller renders a new function.
  }, []);
  if (!message) return null;
  return (
    <p className="notice" role="alert">
      {message}
    </p>
  );
}
