/**
 * The two ways a view speaks of what happened: a status line, a polite live region that a screen
 * reader reads without moving the focus (kept in the page while empty, so that its first words
 * are announced too), and an error, an alert that is there only while there is one.
 */
export function StatusLine({ text }: { text: string }) {
  return (
    <p className="status" role="status" aria-live="polite">
      {text}
    </p>
  );
}

export function ErrorAlert({ text }: { text: string }) {
  if (!text) return null;
  return (
    <p className="error" role="alert">
      {text}
    </p>
  );
}
