/**
 * The one eviction rule of the small in-memory caches (REST's planned reads, verified tokens,
 * cut statement texts, pending login forms): a Map keeps insertion order, so when it is full its
 * first key is the oldest entry, and that one makes room for the new one.
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  if (!map.has(key) && map.size >= max) map.delete(map.keys().next().value as K);
  map.set(key, value);
}
