/**
 * A titled section holding one form whose submission reports in a status line under it: what
 * was done, in the owner's words, or `<failure>: <the service's reason>`. The line is a polite
 * live region, so a screen reader says the outcome without moving the focus.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { errorText } from '../http';
import { StatusLine } from './messages';

export function StatusForm(props: {
  title: string;
  /** The submit button's words. */
  action: string;
  /** What the status line says before the reason of a failure, e.g. `Could not create the user`. */
  failure: string;
  /** Does the work and answers what the status line says of it. */
  onSubmit: () => Promise<string>;
  /** The form's layout class (`toolbar`: the fields and the button in a row). */
  className?: string;
  children: ReactNode;
}) {
  const { title, action, failure, onSubmit, className, children } = props;
  const titleId = useId();
  const [status, setStatus] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      setStatus(await onSubmit());
    } catch (cause) {
      setStatus(`${failure}: ${errorText(cause)}`);
    }
  }

  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <form className={className} onSubmit={submit}>
        {children}
        <button type="submit" className="primary">
          {action}
        </button>
      </form>
      <StatusLine text={status} />
    </section>
  );
}
