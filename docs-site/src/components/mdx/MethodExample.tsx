// One example of a client method page: the SQL it assumes, the supabase-js code and the response
// that code gets. The three are fenced blocks written in that order (content/README.md); the
// example runner (test/api/docs-method-examples.test.ts) runs the first two against the native
// stack and compares the third, so the labels below name what the runner checked.
import React, { Children, isValidElement } from 'react';
import type { ReactElement, ReactNode } from 'react';

const LABELS = ['Data source', 'Example code', 'Response'];

/** The set-up of an Edge Function's example is the function itself (a `ts` block), not SQL. */
const labelOf = (block: ReactElement<{ className?: string }>, index: number) =>
  index === 0 && /\blanguage-ts\b/.test(block.props.className ?? '') ? 'Edge Function' : (LABELS[index] ?? 'More');

/**
 * The three blocks of an example, each under its label. `client="service_role"` marks an example
 * whose client holds the service role key (admin methods), which belongs on a server only;
 * `flow="pkce"` one whose client was created for the PKCE flow, without which its code cannot run.
 */
export default function MethodExample({ client = 'anon', flow = 'implicit', children }: { client?: 'anon' | 'service_role'; flow?: 'implicit' | 'pkce'; children?: ReactNode }) {
  // MDX puts line breaks between the blocks as strings; only the blocks are labelled.
  const blocks = Children.toArray(children).filter((child): child is ReactElement<{ className?: string }> => isValidElement(child));
  return (
    <div className="method-example">
      {client === 'service_role' && (
        <p className="method-example__note">This example&apos;s client is created with the <code>service_role</code> key. Keep that key on a server: it bypasses row level security.</p>
      )}
      {flow === 'pkce' && (
        <p className="method-example__note">This example&apos;s client is created with <code>{"auth: { flowType: 'pkce' }"}</code>.</p>
      )}
      {blocks.map((block, index) => (
        <div key={index} className="method-example__part">
          <p className="method-example__label">{labelOf(block, index)}</p>
          {block}
        </div>
      ))}
    </div>
  );
}
