/**
 * "Perhaps you meant ..." for PostgREST's not-found errors: PostgREST ranks candidates with a
 * fuzzy set (n-grams of 3, else 2, compared by cosine similarity, then re-ranked by Levenshtein
 * distance, kept from a score of 0.33). This is our own small version of that ranking.
 */

const MIN_SCORE = 0.33;

function normalize(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9\u00c0-\u00ff, ]+/g, '');
}

function grams(text: string, size: number): Map<string, number> {
  const padded = `-${normalize(text)}-`;
  const counts = new Map<string, number>();
  for (let i = 0; i + size <= padded.length; i += 1) {
    const gram = padded.slice(i, i + size);
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  for (const [gram, count] of a) dot += count * (b.get(gram) ?? 0);
  const norm = (m: Map<string, number>): number => Math.sqrt([...m.values()].reduce((sum, c) => sum + c * c, 0));
  const denominator = norm(a) * norm(b);
  return denominator === 0 ? 0 : dot / denominator;
}

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/** The best candidate for `wanted`, if any scores high enough; `excludeExact` skips perfect matches. */
export function closestMatch(candidates: readonly string[], wanted: string, options: { excludeExact?: boolean } = {}): string | undefined {
  const unique = [...new Set(candidates)];
  for (const size of [3, 2]) {
    const wantedGrams = grams(wanted, size);
    const near = unique.filter((candidate) => cosine(wantedGrams, grams(candidate, size)) > 0);
    if (near.length === 0) continue;
    const scored = near
      .map((candidate) => {
        const a = normalize(candidate);
        const b = normalize(wanted);
        const longest = Math.max(a.length, b.length);
        return { candidate, score: longest === 0 ? 1 : 1 - levenshtein(a, b) / longest };
      })
      .filter((entry) => entry.score >= MIN_SCORE && !(options.excludeExact && entry.score >= 1))
      .sort((x, y) => y.score - x.score);
    return scored[0]?.candidate;
  }
  return undefined;
}
