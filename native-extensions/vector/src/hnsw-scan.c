/*
 * Reading an hnsw index for ORDER BY <distance>: a descent from the entry node to level 1, then
 * a search of level 0, each keeping the `hnsw.ef_search` nearest nodes found; those rows are
 * returned nearest first. As with pgvector, a scan returns at most ef_search rows: a LIMIT above
 * it needs a larger hnsw.ef_search.
 */
#include "postgres.h"

#include "hnsw.h"
#include "access/relscan.h"
#include "utils/memutils.h"

typedef struct HnswScan
{
	CandidateList candidates;
	bool		started;
	MemoryContext context;
} HnswScan;

IndexScanDesc
hnsw_beginscan(Relation index, int nkeys, int norderbys)
{
	IndexScanDesc scan = RelationGetIndexScan(index, nkeys, norderbys);
	HnswScan   *state = palloc0(sizeof(HnswScan));

	state->context = AllocSetContextCreate(CurrentMemoryContext, "hnsw scan", ALLOCSET_DEFAULT_SIZES);
	scan->opaque = state;
	return scan;
}

void
hnsw_rescan(IndexScanDesc scan, ScanKey keys, int nkeys, ScanKey orderbys, int norderbys)
{
	HnswScan   *state = (HnswScan *) scan->opaque;

	if (orderbys && scan->numberOfOrderBys > 0)
		memmove(scan->orderByData, orderbys, scan->numberOfOrderBys * sizeof(ScanKeyData));
	MemoryContextReset(state->context);
	MemSet(&state->candidates, 0, sizeof(CandidateList));
	state->started = false;
}

static void
collect(IndexScanDesc scan, HnswScan *state)
{
	Relation	index = scan->indexRelation;
	HnswMeta	meta = hnsw_read_meta(index);
	HnswGraph	graph;
	Vector	   *query;
	HnswFound  *entries;
	int			nentries;
	HnswFound  *found;
	int			count;

	/* No query (NULL) or no rows: nothing is nearer than anything else. */
	if (meta.entry == HNSW_NO_NODE || scan->numberOfOrderBys == 0 || (scan->orderByData[0].sk_flags & SK_ISNULL))
		return;
	hnsw_graph_init(&graph, index, meta.m);
	graph.load = hnsw_load_disk;
	graph.opaque = index;
	query = DatumGetVector(scan->orderByData[0].sk_argument);
	if (graph.normalize)
	{
		Vector	   *normalized = normalized_vector(query);

		query = normalized ? normalized : query;
	}
	/*
	 * The upper levels are searched with a list of ef_search nodes too, not with the paper's
	 * single greedy node: each holds one row in m of the level below, so this costs little, and
	 * level 0 starts from the nearest of many parts of the graph rather than from one. A single
	 * entry sent some queries into the wrong cluster of rows, to find none of their top-10 (inner
	 * product above all, whose answers may lie in several clusters at once).
	 */
	entries = palloc(sizeof(HnswFound) * (hnsw_ef_search + 1));
	nentries = hnsw_descend(&graph, query, meta.entry, meta.entry_level, 0, hnsw_ef_search, entries);
	found = palloc(sizeof(HnswFound) * (hnsw_ef_search + 1));
	count = hnsw_search_layer(&graph, query, entries, nentries, hnsw_ef_search, 0, found);
	for (int i = 0; i < count; i++)
	{
		HnswNode   *node = graph.load(&graph, found[i].id);

		if (!node->deleted)
			candidates_add(&state->candidates, found[i].distance, &node->heaptid);
	}
	candidates_sort(&state->candidates);
}

bool
hnsw_gettuple(IndexScanDesc scan, ScanDirection dir)
{
	HnswScan   *state = (HnswScan *) scan->opaque;

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
	scan->xs_recheck = false;
	scan->xs_recheckorderby = false;
	return true;
}

void
hnsw_endscan(IndexScanDesc scan)
{
	HnswScan   *state = (HnswScan *) scan->opaque;

	MemoryContextDelete(state->context);
	pfree(state);
	scan->opaque = NULL;
}
