import { useCallback, useEffect, useState } from 'react';

/** How long a copy button shows that it copied. */
export const COPIED_FEEDBACK_MS = 1000;

/** `[copied, markCopied]`: copied turns true on markCopied and back to false after a second. */
export function useCopied(): [boolean, () => void] {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return [copied, useCallback(() => setCopied(true), [])];
}
