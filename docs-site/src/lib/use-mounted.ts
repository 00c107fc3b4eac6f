import { useEffect, useState } from 'react';

/** False during server rendering and the first client render, so markup hydrates identically. */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
