/*
 * Writing an ivfflat index: the build (a sample of the table, k-means over it for the lists'
 * centers, then every row appended to the list of its nearest center), later inserts, the empty
 * index of an unlogged table, and vacuum's removal of dead rows.
 */
#include "postgres.h"

#include <float.h>

#include "ivfflat.h"
#include "kmeans.h"
#include "access/tableam.h"
#include "catalog/index.h"
#include "common/pg_prng.h"
#include "commands/vacuum.h"
#include "miscadmin.h"
#include "utils/memutils.h"

/* Rows sampled per list for k-means, as pgvector samples. */
#define SAMPLES_PER_LIST 50

static int
list_item_size(int dim)
{
	return MAXALIGN(offsetof(IvfList, center) + VECTOR_SIZE(dim));
}

/* The metapage (block 0) and the list pages with their centers, on an empty fork. */
static void
write_lists(Relation index, ForkNumber fork, int dim, int lists, const float *centers)
{
	Buffer		buffer = new_chain_page(index, fork);
	GenericXLogState *state = GenericXLogStart(index);
	Page		page = GenericXLogRegisterBuffer(state, buffer, GENERIC_XLOG_FULL_IMAGE);
	IvfMeta    *meta;
	IvfList    *item = palloc0(list_item_size(dim));

	if (BufferGetBlockNumber(buffer) != IVFFLAT_METAPAGE)
		elog(ERROR, "ivfflat index \"%s\" is not empty", RelationGetRelationName(index));
	init_chain_page(page);
	meta = (IvfMeta *) PageGetContents(page);
	meta->magic = IVFFLAT_MAGIC;
	meta->dims = dim;
	meta->lists = lists;
	meta->first_list_page = IVFFLAT_METAPAGE + 1;
	((PageHeader) page)->pd_lower = ((char *) meta + sizeof(IvfMeta)) - (char *) page;
	GenericXLogFinish(state);
	UnlockReleaseBuffer(buffer);

	buffer = new_chain_page(index, fork);
	state = GenericXLogStart(index);
	page = GenericXLogRegisterBuffer(state, buffer, GENERIC_XLOG_FULL_IMAGE);
	init_chain_page(page);
	for (int list = 0; list < lists; list++)
	{
		if (PageGetFreeSpace(page) < list_item_size(dim))
		{
			Buffer		next = new_chain_page(index, fork);

			ChainPageNext(page) = BufferGetBlockNumber(next);
			GenericXLogFinish(state);
			UnlockReleaseBuffer(buffer);
			buffer = next;
			state = GenericXLogStart(index);
			page = GenericXLogRegisterBuffer(state, buffer, GENERIC_XLOG_FULL_IMAGE);
			init_chain_page(page);
		}
		/* A list's entry pages are made by its first row: an empty list costs no page. */
		item->first_page = InvalidBlockNumber;
		item->insert_page = InvalidBlockNumber;
		SET_VARSIZE(&item->center, VECTOR_SIZE(dim));
		item->center.dim = dim;
		memcpy(item->center.x, centers + (size_t) list * dim, sizeof(float) * dim);
		if (PageAddItem(page, (Item) item, list_item_size(dim), InvalidOffsetNumber, false, false) == InvalidOffsetNumber)
			elog(ERROR, "failed to add a list to ivfflat index \"%s\"", RelationGetRelationName(index));
	}
	GenericXLogFinish(state);
	UnlockReleaseBuffer(buffer);
	pfree(item);
}

/* Appends one row to the list whose center is nearest to `vector` (already normalized if the class says so). */
static void
insert_vector(Relation index, const IvfCompare *compare, Vector *vector, ItemPointer heap_tid)
{
	IvfMeta		meta = ivf_read_meta(index);
	BlockNumber best_block = InvalidBlockNumber;
	OffsetNumber best_offset = InvalidOffsetNumber;
	double		best_distance = DBL_MAX;
	Datum		value = PointerGetDatum(vector);
	bool		isnull = false;
	IndexTuple	tuple = index_form_tuple(RelationGetDescr(index), &value, &isnull);
	Size		size = MAXALIGN(IndexTupleSize(tuple));
	Buffer		list_buffer;
	Buffer		insert_buffer = InvalidBuffer;
	BlockNumber insert_page;
	GenericXLogState *state;

	tuple->t_tid = *heap_tid;
	for (BlockNumber block = meta.first_list_page; BlockNumberIsValid(block);)
	{
		Buffer		buffer = ReadBuffer(index, block);
		Page		page;

		LockBuffer(buffer, BUFFER_LOCK_SHARE);
		page = BufferGetPage(buffer);
		for (OffsetNumber offset = FirstOffsetNumber; offset <= PageGetMaxOffsetNumber(page); offset++)
		{
			IvfList    *list = (IvfList *) PageGetItem(page, PageGetItemId(page, offset));
			double		distance = ivf_distance(compare, vector, &list->center);

			if (distance < best_distance || best_offset == InvalidOffsetNumber)
			{
				best_distance = distance;
				best_block = block;
				best_offset = offset;
			}
		}
		block = ChainPageNext(page);
		UnlockReleaseBuffer(buffer);
	}
	if (best_offset == InvalidOffsetNumber)
		elog(ERROR, "ivfflat index \"%s\" has no lists", RelationGetRelationName(index));

	/* The list page is locked first, then its last page: every writer takes them in this order. */
	list_buffer = ReadBuffer(index, best_block);
	LockBuffer(list_buffer, BUFFER_LOCK_EXCLUSIVE);
	insert_page = ((IvfList *) PageGetItem(BufferGetPage(list_buffer), PageGetItemId(BufferGetPage(list_buffer), best_offset)))->insert_page;
	if (BlockNumberIsValid(insert_page))
	{
		insert_buffer = ReadBuffer(index, insert_page);
		LockBuffer(insert_buffer, BUFFER_LOCK_EXCLUSIVE);
		if (PageGetFreeSpace(BufferGetPage(insert_buffer)) >= size)
		{
			Page		page;

			state = GenericXLogStart(index);
			page = GenericXLogRegisterBuffer(state, insert_buffer, 0);
			if (PageAddItem(page, (Item) tuple, size, InvalidOffsetNumber, false, false) == InvalidOffsetNumber)
				elog(ERROR, "failed to add a row to ivfflat index \"%s\"", RelationGetRelationName(index));
			GenericXLogFinish(state);
			UnlockReleaseBuffer(insert_buffer);
			UnlockReleaseBuffer(list_buffer);
			pfree(tuple);
			return;
		}
	}
	{
		/* The list's last page is full (or it has none yet): a new page goes at the end of its chain. */
		Buffer		new_buffer = new_chain_page(index, MAIN_FORKNUM);
		Page		list_page;
		Page		new_page;
		IvfList    *list;

		state = GenericXLogStart(index);
		list_page = GenericXLogRegisterBuffer(state, list_buffer, 0);
		new_page = GenericXLogRegisterBuffer(state, new_buffer, GENERIC_XLOG_FULL_IMAGE);
		init_chain_page(new_page);
		if (PageAddItem(new_page, (Item) tuple, size, InvalidOffsetNumber, false, false) == InvalidOffsetNumber)
			elog(ERROR, "a row is too large for ivfflat index \"%s\"", RelationGetRelationName(index));
		list = (IvfList *) PageGetItem(list_page, PageGetItemId(list_page, best_offset));
		if (BufferIsValid(insert_buffer))
			ChainPageNext(GenericXLogRegisterBuffer(state, insert_buffer, 0)) = BufferGetBlockNumber(new_buffer);
		else
			list->first_page = BufferGetBlockNumber(new_buffer);
		list->insert_page = BufferGetBlockNumber(new_buffer);
		GenericXLogFinish(state);
		UnlockReleaseBuffer(new_buffer);
		if (BufferIsValid(insert_buffer))
			UnlockReleaseBuffer(insert_buffer);
		UnlockReleaseBuffer(list_buffer);
	}
	pfree(tuple);
}

/* The vector of a row as the index keeps it; NULL when it cannot be indexed (zero, for a normalizing class). */
static Vector *
indexed_vector(const IvfCompare *compare, Datum value)
{
	Vector	   *vector = DatumGetVector(value);

	return compare->normalize_rows ? normalized_vector(vector) : vector;
}

typedef struct BuildState
{
	IvfCompare	compare;
	int			dim;
	float	   *samples;
	int			capacity;
	int			count;
	double		seen;
	double		indexed;
	pg_prng_state random;		/* the sample's and k-means' draws, seeded alike every build */
	MemoryContext scratch;
} BuildState;

/* Reservoir sampling: every row has the same chance to be among the samples, in one pass. */
static void
sample_callback(Relation index, ItemPointer tid, Datum *values, bool *isnull, bool alive, void *opaque)
{
	BuildState *build = (BuildState *) opaque;
	MemoryContext previous;
	Vector	   *vector;
	int			slot;

	if (isnull[0])
		return;
	previous = MemoryContextSwitchTo(build->scratch);
	vector = indexed_vector(&build->compare, values[0]);
	if (vector != NULL)
	{
		build->seen++;
		if (build->count < build->capacity)
			slot = build->count++;
		else
			slot = (int) Min(pg_prng_uint64_range(&build->random, 0, (uint64) build->seen - 1), (uint64) INT_MAX);
		if (slot < build->capacity)
			memcpy(build->samples + (size_t) slot * build->dim, vector->x, sizeof(float) * build->dim);
	}
	MemoryContextSwitchTo(previous);
	MemoryContextReset(build->scratch);
}

static void
insert_callback(Relation index, ItemPointer tid, Datum *values, bool *isnull, bool alive, void *opaque)
{
	BuildState *build = (BuildState *) opaque;
	MemoryContext previous;
	Vector	   *vector;

	if (isnull[0])
		return;
	previous = MemoryContextSwitchTo(build->scratch);
	vector = indexed_vector(&build->compare, values[0]);
	if (vector != NULL)
	{
		insert_vector(index, &build->compare, vector, tid);
		build->indexed++;
	}
	MemoryContextSwitchTo(previous);
	MemoryContextReset(build->scratch);
}

IndexBuildResult *
ivfflat_build(Relation heap, Relation index, IndexInfo *info)
{
	BuildState	build;
	int			lists = ivf_lists_option(index);
	float	   *centers;
	double		heap_rows;
	IndexBuildResult *result;
	Size		budget;

	MemSet(&build, 0, sizeof(build));
	/*
	 * A fixed seed, not the session's random numbers: the same table makes the same lists, so a
	 * rebuild answers as the index it replaces did and a recall measured is not a draw.
	 */
	pg_prng_seed(&build.random, IVFFLAT_SEED);
	build.dim = index_dimensions(index, IVFFLAT_MAX_DIM, "ivfflat");
	ivf_compare_of(index, &build.compare);
	/* Samples within maintenance_work_mem, but at least one per list. */
	budget = (Size) maintenance_work_mem * 1024 / (sizeof(float) * build.dim);
	build.capacity = Max(lists, (int) Min((Size) lists * SAMPLES_PER_LIST, budget));
	build.samples = palloc_extended(sizeof(float) * build.dim * (Size) build.capacity, MCXT_ALLOC_HUGE);
	build.scratch = AllocSetContextCreate(CurrentMemoryContext, "ivfflat build row", ALLOCSET_DEFAULT_SIZES);
	heap_rows = table_index_build_scan(heap, index, info, true, false, sample_callback, &build, NULL);
	if (build.count < lists)
		ereport(WARNING, (errmsg("ivfflat index created with little data"),
						  errdetail("This will cause low recall."),
						  errhint("Drop the index until the table has more data.")));
	centers = palloc_extended(sizeof(float) * build.dim * (Size) lists, MCXT_ALLOC_HUGE);
	kmeans(build.samples, build.count, build.dim, lists, build.compare.normalize_centers, centers, &build.random);
	pfree(build.samples);
	write_lists(index, MAIN_FORKNUM, build.dim, lists, centers);
	pfree(centers);
	table_index_build_scan(heap, index, info, true, false, insert_callback, &build, NULL);
	MemoryContextDelete(build.scratch);
	result = palloc(sizeof(IndexBuildResult));
	result->heap_tuples = heap_rows;
	result->index_tuples = build.indexed;
	return result;
}

void
ivfflat_buildempty(Relation index)
{
	int			dim = index_dimensions(index, IVFFLAT_MAX_DIM, "ivfflat");
	int			lists = ivf_lists_option(index);
	float	   *centers = palloc_extended(sizeof(float) * dim * (Size) lists, MCXT_ALLOC_HUGE | MCXT_ALLOC_ZERO);

	write_lists(index, INIT_FORKNUM, dim, lists, centers);
	pfree(centers);
}

bool
ivfflat_insert(Relation index, Datum *values, bool *isnull, ItemPointer heap_tid, Relation heap,
			   IndexUniqueCheck check_unique, bool index_unchanged, IndexInfo *info)
{
	IvfCompare	compare;
	MemoryContext scratch;
	MemoryContext previous;
	Vector	   *vector;

	/* NULL rows are not indexed: no distance orders them. */
	if (isnull[0])
		return false;
	scratch = AllocSetContextCreate(CurrentMemoryContext, "ivfflat insert", ALLOCSET_DEFAULT_SIZES);
	previous = MemoryContextSwitchTo(scratch);
	ivf_compare_of(index, &compare);
	vector = indexed_vector(&compare, values[0]);
	if (vector != NULL)
		insert_vector(index, &compare, vector, heap_tid);
	MemoryContextSwitchTo(previous);
	MemoryContextDelete(scratch);
	return false;
}

IndexBulkDeleteResult *
ivfflat_bulkdelete(IndexVacuumInfo *info, IndexBulkDeleteResult *stats, IndexBulkDeleteCallback callback, void *callback_state)
{
	Relation	index = info->index;
	IvfMeta		meta = ivf_read_meta(index);
	BlockNumber *firsts = palloc(sizeof(BlockNumber) * meta.lists);
	int			lists = 0;

	if (stats == NULL)
		stats = palloc0(sizeof(IndexBulkDeleteResult));
	for (BlockNumber block = meta.first_list_page; BlockNumberIsValid(block);)
	{
		Buffer		buffer = ReadBuffer(index, block);
		Page		page;

		LockBuffer(buffer, BUFFER_LOCK_SHARE);
		page = BufferGetPage(buffer);
		for (OffsetNumber offset = FirstOffsetNumber; offset <= PageGetMaxOffsetNumber(page) && lists < meta.lists; offset++)
			firsts[lists++] = ((IvfList *) PageGetItem(page, PageGetItemId(page, offset)))->first_page;
		block = ChainPageNext(page);
		UnlockReleaseBuffer(buffer);
	}
	for (int list = 0; list < lists; list++)
	{
		for (BlockNumber block = firsts[list]; BlockNumberIsValid(block);)
		{
			Buffer		buffer = ReadBufferExtended(index, MAIN_FORKNUM, block, RBM_NORMAL, info->strategy);
			Page		page;
			OffsetNumber dead[MaxOffsetNumber];
			int			ndead = 0;

			vacuum_delay_point();
			LockBuffer(buffer, BUFFER_LOCK_EXCLUSIVE);
			page = BufferGetPage(buffer);
			for (OffsetNumber offset = FirstOffsetNumber; offset <= PageGetMaxOffsetNumber(page); offset++)
			{
				IndexTuple	tuple = (IndexTuple) PageGetItem(page, PageGetItemId(page, offset));

				if (callback(&tuple->t_tid, callback_state))
					dead[ndead++] = offset;
				else
					stats->num_index_tuples++;
			}
			if (ndead > 0)
			{
				GenericXLogState *state = GenericXLogStart(index);

				PageIndexMultiDelete(GenericXLogRegisterBuffer(state, buffer, 0), dead, ndead);
				GenericXLogFinish(state);
				stats->tuples_removed += ndead;
			}
			block = ChainPageNext(page);
			UnlockReleaseBuffer(buffer);
		}
	}
	pfree(firsts);
	return stats;
}

IndexBulkDeleteResult *
ivfflat_vacuumcleanup(IndexVacuumInfo *info, IndexBulkDeleteResult *stats)
{
	if (info->analyze_only)
		return stats;
	if (stats == NULL)
		stats = palloc0(sizeof(IndexBulkDeleteResult));
	stats->num_pages = RelationGetNumberOfBlocks(info->index);
	return stats;
}
