import React, { useEffect, useId, useState } from 'react';
import mermaid from 'mermaid';

const isDark = () => document.documentElement.classList.contains('dark');

/**
 * Renders Mermaid text to SVG in the browser. Mermaid is bundled from npm (no CDN), so diagrams
 * draw offline; it is large, which is why only pages with a diagram load this chunk.
 */
export default function Mermaid({ chart, caption }: { chart: string; caption?: string }) {
  const id = `mermaid-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const [svg, setSvg] = useState('');
  const [error, setError] = useState('');

  useEffect(() => {
    let cancelled = false;
    // State machines are wide: drawn at natural size and scrolled, rather than shrunk unreadably.
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: isDark() ? 'dark' : 'default', state: { useMaxWidth: false } });
    mermaid
      .render(id, chart.trim())
      .then((result) => { if (!cancelled) setSvg(result.svg); })
      .catch((cause: Error) => { if (!cancelled) setError(cause.message); });
    return () => { cancelled = true; };
  }, [chart, id]);

  return (
    <figure className="diagram">
      {error ? <pre className="diagram__error">{error}</pre> : <div className="diagram__svg" dangerouslySetInnerHTML={{ __html: svg }} />}
      {caption && <figcaption>{caption}</figcaption>}
    </figure>
  );
}
