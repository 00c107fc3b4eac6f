/*
 * Page and candidate helpers shared by the vector extension's index access methods (see
 * index-pages.h for why pages are chained and logged through generic WAL records).
 */
#include "postgres.h"

#include <math.h>

#include "index-pages.h"
#include "storage/lmgr.h"
#include "utils/memutils.h"

Buffer
new_chain_page(Relation index, ForkNumber fork)
{
	Buffer		buffer;

	/* Two backends extending at once would otherwise both get the same new block. */
	LockRelationForExtension(index, ExclusiveLock);
	buffer = ReadBufferExtended(index, fork, P_NEW, RBM_NORMAL, NULL);
	LockBuffer(buffer, BUFFER_LOCK_EXCLUSIVE);
	UnlockRelationForExtension(index, ExclusiveLock);
	return buffer;
}

void
init_chain_page(Page page)
{
	PageInit(page, BLCKSZ, sizeof(ChainPageOpaque));
	ChainPageNext(page) = InvalidBlockNumber;
}

int
index_dimensions(Relation index, int max_dim, const char *method)
{
	int			dim = TupleDescAttr(RelationGetDescr(index), 0)->atttypmod;

	if (dim < 0)
		ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE), errmsg("column does not have dimensions")));
	if (dim > max_dim)
		ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
						errmsg("column cannot have more than %d dimensions for %s index", max_dim, method)));
	return dim;
}

void
candidates_add(CandidateList *list, double distance, ItemPointer tid)
{
	if (list->count == list->capacity)
	{
		list->capacity = Max(1024, list->capacity * 2);
		/* Huge allocations allowed: a scan of many lists of a big table can pass 1 GB of candidates. */
		list->items = list->items == NULL
			? MemoryContextAllocHuge(CurrentMemoryContext, sizeof(Candidate) * list->capacity)
			: repalloc_huge(list->items, sizeof(Candidate) * list->capacity);
	}
	list->items[list->count].distance = distance;
	list->items[list->count].tid = *tid;
	list->count++;
}

static int
compare_candidates(const void *a, const void *b)
{
	double		left = ((const Candidate *) a)->distance;
	double		right = ((const Candidate *) b)->distance;

	/* NaN (a cosine distance to a zero vector) sorts last, as in an ORDER BY. */
	if (isnan(left))
		return isnan(right) ? 0 : 1;
	if (isnan(right))
		return -1;
	return left < right ? -1 : left > right ? 1 : 0;
}

void
candidates_sort(CandidateList *list)
{
	if (list->count > 1)
		qsort(list->items, list->count, sizeof(Candidate), compare_candidates);
	list->next = 0;
}
