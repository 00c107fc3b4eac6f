/**
 * Imported by pg-driver.ts just before pg, for that load only: gives Node 20 the `navigator` that
 * Node 21 and later define (pg-driver.ts says why), unless one is there already. The driver takes
 * it away again right after pg has loaded (`removePgNavigator`), so no other code ever sees it.
 */
const added = !('navigator' in globalThis);
if (added) {
  Object.defineProperty(globalThis, 'navigator', { value: { userAgent: `Node.js/${process.versions.node.split('.')[0]}` }, configurable: true });
}

/** Removes the `navigator` set above (none other). */
export function removePgNavigator(): void {
  if (added) delete (globalThis as { navigator?: unknown }).navigator;
}
