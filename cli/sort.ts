/** Byte-order comparison, as the original sorts names. (localeCompare would load ICU collation on start-up.) */
export function byName<T extends { name: string }>(a: T, b: T): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
