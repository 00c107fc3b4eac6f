/**
 * The navigation under a paged list: which items this page holds, and the previous and next
 * pages, each disabled where there is none. The owner counts; a list whose total is unknown
 * (Storage's) says only whether there is more.
 */
export function Pager(props: { label: string; summary: string; hasPrevious: boolean; hasNext: boolean; onMove: (step: -1 | 1) => void }) {
  const { label, summary, hasPrevious, hasNext, onMove } = props;
  return (
    <nav className="toolbar" aria-label={label}>
      <span className="grow">{summary}</span>
      <button type="button" disabled={!hasPrevious} onClick={() => onMove(-1)}>
        Previous page
      </button>
      <button type="button" disabled={!hasNext} onClick={() => onMove(1)}>
        Next page
      </button>
    </nav>
  );
}
