import React, { useState } from 'react';
import CodeBlock from '../mdx/CodeBlock';

/** A highlighted JSON sample made at build time (lib/api-reference.mjs jsonSample). */
export interface JsonSampleData {
  html: string;
  lines: number;
  /** The first lines alone, when the whole sample is long; null when it is shown whole. */
  previewHtml: string | null;
}

/**
 * A request or response schema of the API reference. A long one starts as its first lines and a
 * button that shows the rest: the page's HTML then holds a few hundred elements, not thousands,
 * and the whole markup waits in the page's data until a reader asks for it.
 */
export default function JsonSample({ sample }: { sample: JsonSampleData }) {
  const [whole, setWhole] = useState(false);
  const shown = whole || sample.previewHtml === null ? sample.html : sample.previewHtml;
  return (
    <div className="json-sample">
      <CodeBlock className="language-json" codeClassName="language-json" html={shown} />
      {!whole && sample.previewHtml !== null && (
        <button type="button" className="json-sample__more" onClick={() => setWhole(true)}>
          Show all {sample.lines} lines
        </button>
      )}
    </div>
  );
}
