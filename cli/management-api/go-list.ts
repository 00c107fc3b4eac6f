/** Lists in messages as the original prints Go slices with `%+v`: `[a b c]`, `[]` when empty. */
export function goList(items: readonly string[] | undefined): string {
  return `[${(items ?? []).join(' ')}]`;
}
