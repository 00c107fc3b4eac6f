import React, { useEffect, useState } from 'react';

/** Copies `getText()` and says so for one second. */
export default function CopyButton({ getText }: { getText: () => string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), 1000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(getText());
      setCopied(true);
    } catch {
      // Clipboard access can be refused (insecure origin, permissions); the text stays selectable.
    }
  };
  return (
    <button type="button" className="copy-button" onClick={copy} aria-label="Copy">
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}
