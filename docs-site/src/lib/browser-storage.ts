// localStorage that never throws: storage can be missing (server rendering), full, or refused
// (private windows, blocked cookies). The widget then just forgets; it never breaks the page.

const storage = (): Storage | undefined => {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
};

export function retrieve(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function store(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    console.warn(`Failed to set storage item with key "${key}"`);
  }
}

export function remove(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing stored can be left behind if storage is unusable.
  }
}

/** Stores a value, or removes the key for null/undefined, so "nothing selected" leaves no trace. */
export function storeOrRemoveNull(key: string, value: string | null | undefined): void {
  if (value === null || value === undefined) remove(key);
  else store(key, value);
}
