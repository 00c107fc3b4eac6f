/*
 * Reading an ivfflat index for ORDER BY <distance>: the `ivfflat.probes` lists whose centers are
 * nearest to the query are read whole and their rows returned nearest first. Rows in the other
 * lists are never seen: that is the approximation, traded for reading probes/lists of the index.
 */
#include "postgres.h"

#include "ivfflat.h"
#include "access/relscan.h"
#include "utils/memutils.h"

typedef struct IvfScan
{
	IvfCompare	compare;
	CandidateList candidates;
	bool		started;
	MemoryContext context;		/* everything of one rescan: freed by the next */
} IvfScan;

typedef struct RankedList
{
	double		distance;
	BlockNumber first_page;
} RankedList;

static int
compare_ranked(const void *a, const void *b)
{
	double		left = ((const RankedList *) a)->distance;
	double		right = ((const RankedList *) b)->distance;

	return left < right ? -1 : left > right ? 1 : 0;
}

IndexScanDesc
ivfflat_beginscan(Relation index, int nkeys, int norderbys)
{
	IndexScanDesc scan = RelationGetIndexScan(index, nkeys, norderbys);
	IvfScan    *state = palloc0(sizeof(IvfScan));

	ivf_compare_of(index, &state->compare);
	state->context = AllocSetContextCreate(CurrentMemoryContext, "ivfflat scan", ALLOCSET_DEFAULT_SIZES);
	scan->opaque = state;
	return scan;
}

void
ivfflat_rescan(IndexScanDesc scan, ScanKey keys, int nkeys, ScanKey orderbys, int norderbys)
{
	IvfScan    *state = (IvfScan *) scan->opaque;

	if (orderbys && scan->numberOfOrderBys > 0)
		memmove(scan->orderByData, orderbys, scan->numberOfOrderBys * sizeof(ScanKeyData));
	MemoryContextReset(state->context);
	MemSet(&state->candidates, 0, sizeof(CandidateList));
	state->started = false;
}

/* The query vector as rows are stored (normalized for a normalizing class), or NULL for none. */
static Vector *
query_of(IndexScanDesc scan, const IvfCompare *compare)
{
	Vector	   *query;
	Vector	   *normalized;

	if (scan->numberOfOrderBys == 0 || (scan->orderByData[0].sk_flags & SK_ISNULL))
		return NULL;
	query = DatumGetVector(scan->orderByData[0].sk_argument);
	if (!compare->normalize_rows)
		return query;
	/* A zero query has no direction: every distance is NaN, and rows come in list order. */
	normalized = normalized_vector(query);
	return normalized ? normalized : query;
}

static void
collect(IndexScanDesc scan, IvfScan *state)
{
	Relation	index = scan->indexRelation;
	Vector	   *query = query_of(scan, &state->compare);
	IvfMeta		meta = ivf_read_meta(index);
	RankedList *ranked = palloc_extended(sizeof(RankedList) * Max(meta.lists, 1), MCXT_ALLOC_HUGE);
	int			count = 0;
	int			probes;

	for (BlockNumber block = meta.first_list_page; BlockNumberIsValid(block);)
	{
		Buffer		buffer = ReadBuffer(index, block);
		Page		page;

		LockBuffer(buffer, BUFFER_LOCK_SHARE);
		page = BufferGetPage(buffer);
		for (OffsetNumber offset = FirstOffsetNumber; offset <= PageGetMaxOffsetNumber(page) && count < meta.lists; offset++)
		{
			IvfList    *list = (IvfList *) PageGetItem(page, PageGetItemId(page, offset));

			ranked[count].distance = query ? ivf_distance(&state->compare, query, &list->center) : 0;
			ranked[count].first_page = list->first_page;
			count++;
		}
		block = ChainPageNext(page);
		UnlockReleaseBuffer(buffer);
	}
	qsort(ranked, count, sizeof(RankedList), compare_ranked);
	probes = Min(ivfflat_probes, count);
	for (int i = 0; i < probes; i++)
	{
		for (BlockNumber block = ranked[i].first_page; BlockNumberIsValid(block);)
		{
			Buffer		buffer = ReadBuffer(index, block);
			Page		page;

			LockBuffer(buffer, BUFFER_LOCK_SHARE);
			page = BufferGetPage(buffer);
			for (OffsetNumber offset = FirstOffsetNumber; offset <= PageGetMaxOffsetNumber(page); offset++)
			{
				IndexTuple	tuple = (IndexTuple) PageGetItem(page, PageGetItemId(page, offset));
				bool		isnull;
				Datum		value = index_getattr(tuple, 1, RelationGetDescr(index), &isnull);

				candidates_add(&state->candidates, query ? ivf_distance(&state->compare, query, DatumGetVector(value)) : 0,
							   &tuple->t_tid);
			}
			block = ChainPageNext(page);
			UnlockReleaseBuffer(buffer);
		}
	}
	candidates_sort(&state->candidates);
}

bool
ivfflat_gettuple(IndexScanDesc scan, ScanDirection dir)
{
	IvfScan    *state = (IvfScan *) scan->opaque;

	if (!state->started)
	{
		MemoryContext previous = MemoryContextSwitchTo(state->context);

		collect(scan, state);
		MemoryContextSwitchTo(previous);
		state->started = true;
	}
	if (state->candidates.next >= state->candidates.count)
		return false;
	scan->xs_heaptid = state->candidates.items[state->candidates.next++].tid;
	/* The distances are exact: the executor need not compute them again to order the rows. */
	scan->xs_recheck = false;
	scan->xs_recheckorderby = false;
	return true;
}

void
ivfflat_endscan(IndexScanDesc scan)
{
	IvfScan    *state = (IvfScan *) scan->opaque;

	MemoryContextDelete(state->context);
	pfree(state);
	scan->opaque = NULL;
}
