import React, { Suspense, lazy } from 'react';
import type { ComponentType } from 'react';
import { useMounted } from '../../lib/use-mounted';

/**
 * Wraps a heavy helper so its code is a separate chunk, fetched only when a page renders it.
 * Helpers are interactive and browser-only (WebCrypto, SVG layout), so the server renders a
 * placeholder of the same kind and the helper loads after hydration.
 */
export function lazyHelper<P extends object>(name: string, load: () => Promise<{ default: ComponentType<P> }>) {
  const Helper = lazy(load);
  function LazyHelper(props: P) {
    const mounted = useMounted();
    const placeholder = <div className="helper-loading" data-helper={name} aria-busy="true">Loading…</div>;
    if (!mounted) return placeholder;
    return (
      <Suspense fallback={placeholder}>
        <div className="helper" data-helper={name}>
          <Helper {...props} />
        </div>
      </Suspense>
    );
  }
  LazyHelper.displayName = `Lazy(${name})`;
  return LazyHelper;
}
