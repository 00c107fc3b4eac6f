/*
 * Writing an hnsw index. A build makes the graph in memory (each row inserted as the algorithm
 * says, with distances computed inline) and then writes it to pages in one pass; past
 * maintenance_work_mem it writes what it has and goes on inserting on pages. Later inserts work
 * on pages, one at a time (a lock on the metapage orders them; scans go on meanwhile). Vacuum
 * marks the elements of dead rows deleted: they still link the graph, and are never returned.
 */
#include "postgres.h"

#include "hnsw.h"
#include "access/tableam.h"
#include "commands/vacuum.h"
#include "miscadmin.h"
#include "storage/lmgr.h"
#include "utils/memutils.h"

static int
option_m(Relation index)
{
	HnswOptions *options = (HnswOptions *) index->rd_options;

	return options ? options->m : HNSW_DEFAULT_M;
}

static int
option_ef_construction(Relation index)
{
	HnswOptions *options = (HnswOptions *) index->rd_options;

	return options ? options->ef_construction : HNSW_DEFAULT_EF_CONSTRUCTION;
}

/* The vector as the graph holds it: normalized for cosine; NULL for a zero vector there. */
static Vector *
graph_vector(const HnswGraph *graph, Datum value)
{
	Vector	   *vector = DatumGetVector(value);

	return graph->normalize ? normalized_vector(vector) : vector;
}

/* A level whose element does not fit on a page is lowered until it does. */
static int
fitting_level(int level, int m, int dim, Relation index)
{
	Size		room = BLCKSZ - MAXALIGN(SizeOfPageHeaderData) - MAXALIGN(sizeof(ChainPageOpaque)) - sizeof(ItemIdData);

	while (level > 0 && hnsw_element_size(level, m, dim) > room)
		level--;
	if (hnsw_element_size(level, m, dim) > room)
		ereport(ERROR, (errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
						errmsg("index row size %zu exceeds maximum %zu for index \"%s\"",
							   hnsw_element_size(level, m, dim), room, RelationGetRelationName(index))));
	return level;
}

/* Adds the new node (already on its page as `id`) to its neighbours' lists, on their pages. */
static void
link_back_on_disk(Relation index, HnswGraph *graph, uint64 neighbor, int level, uint64 id, Vector *vector)
{
	HnswNode   *node = graph->load(graph, neighbor);
	Buffer		buffer;
	GenericXLogState *state;
	Page		page;
	HnswDiskElement *element;
	int			start = hnsw_level_start(level, graph->m);

	if (node->level < level || !hnsw_add_link(graph, node, level, id, vector))
		return;
	buffer = ReadBuffer(index, (BlockNumber) (neighbor >> 16));
	LockBuffer(buffer, BUFFER_LOCK_EXCLUSIVE);
	state = GenericXLogStart(index);
	page = GenericXLogRegisterBuffer(state, buffer, 0);
	element = (HnswDiskElement *) PageGetItem(page, PageGetItemId(page, (OffsetNumber) (neighbor & 0xFFFF)));
	for (int i = start; i < start + hnsw_level_capacity(level, graph->m); i++)
	{
		if (node->neighbors[i] == HNSW_NO_NODE)
			ItemPointerSetInvalid(&element->neighbors[i]);
		else
			ItemPointerSet(&element->neighbors[i], (BlockNumber) (node->neighbors[i] >> 16), (OffsetNumber) (node->neighbors[i] & 0xFFFF));
	}
	GenericXLogFinish(state);
	UnlockReleaseBuffer(buffer);
}

/* Inserts one row into the graph on pages. */
static void
insert_on_disk(Relation index, HnswGraph *graph, Vector *vector, ItemPointer heaptid)
{
	HnswMeta	meta;
	HnswNode	node;
	Size		size;
	HnswDiskElement *element;
	Buffer		buffer = InvalidBuffer;
	GenericXLogState *state;
	Page		page;
	OffsetNumber offset;
	uint64		id;

	LockPage(index, HNSW_METAPAGE, ExclusiveLock);
	meta = hnsw_read_meta(index);
	MemSet(&node, 0, sizeof(node));
	node.level = fitting_level(hnsw_row_level(meta.m, heaptid), meta.m, meta.dims, index);
	node.heaptid = *heaptid;
	node.vector = vector;
	node.neighbors = palloc(sizeof(uint64) * hnsw_slots(node.level, meta.m));
	if (meta.entry == HNSW_NO_NODE)
		for (int i = 0; i < hnsw_slots(node.level, meta.m); i++)
			node.neighbors[i] = HNSW_NO_NODE;
	else
		hnsw_find_neighbors(graph, vector, node.level, meta.entry, meta.entry_level, meta.ef_construction, node.neighbors);
	size = hnsw_element_size(node.level, meta.m, meta.dims);
	element = palloc0(size);
	hnsw_fill_element(element, &node, meta.m, NULL);
	if (BlockNumberIsValid(meta.insert_page))
	{
		buffer = ReadBuffer(index, meta.insert_page);
		LockBuffer(buffer, BUFFER_LOCK_EXCLUSIVE);
		if (PageGetFreeSpace(BufferGetPage(buffer)) < size)
		{
			UnlockReleaseBuffer(buffer);
			buffer = InvalidBuffer;
		}
	}
	state = GenericXLogStart(index);
	if (BufferIsValid(buffer))
		page = GenericXLogRegisterBuffer(state, buffer, 0);
	else
	{
		buffer = new_chain_page(index, MAIN_FORKNUM);
		page = GenericXLogRegisterBuffer(state, buffer, GENERIC_XLOG_FULL_IMAGE);
		init_chain_page(page);
	}
	offset = PageAddItem(page, (Item) element, size, InvalidOffsetNumber, false, false);
	if (offset == InvalidOffsetNumber)
		elog(ERROR, "failed to add a row to hnsw index \"%s\"", RelationGetRelationName(index));
	GenericXLogFinish(state);
	id = hnsw_tid_id(BufferGetBlockNumber(buffer), offset);
	meta.insert_page = BufferGetBlockNumber(buffer);
	UnlockReleaseBuffer(buffer);
	for (int level = Min(node.level, meta.entry == HNSW_NO_NODE ? -1 : meta.entry_level); level >= 0; level--)
	{
		int			start = hnsw_level_start(level, meta.m);

		for (int i = start; i < start + hnsw_level_capacity(level, meta.m); i++)
			if (node.neighbors[i] != HNSW_NO_NODE)
				link_back_on_disk(index, graph, node.neighbors[i], level, id, vector);
	}
	if (meta.entry == HNSW_NO_NODE || node.level > meta.entry_level)
	{
		meta.entry = id;
		meta.entry_level = node.level;
	}
	hnsw_write_meta(index, MAIN_FORKNUM, &meta, false);
	UnlockPage(index, HNSW_METAPAGE, ExclusiveLock);
}

typedef struct BuildState
{
	Relation	index;
	HnswGraph	graph;			/* over the nodes in memory */
	HnswGraph	disk_graph;		/* over the pages, once the graph was written */
	int			dim;
	int			m;
	int			ef_construction;
	HnswNode   *nodes;
	int64		count;
	int64		capacity;
	uint64		entry;
	int			entry_level;
	bool		on_disk;
	double		indexed;
	MemoryContext graph_context;	/* the nodes in memory */
	MemoryContext scratch;		/* one row's work */
} BuildState;

static HnswNode *
load_memory(HnswGraph *graph, uint64 id)
{
	return &((BuildState *) graph->opaque)->nodes[id];
}

/* Writes the graph in memory to pages: places first (so links can name them), then the pages. */
static void
write_graph(BuildState *build, ForkNumber fork)
{
	Relation	index = build->index;
	uint64	   *disk_ids = palloc_extended(sizeof(uint64) * Max(build->count, 1), MCXT_ALLOC_HUGE);
	BlockNumber block = HNSW_METAPAGE + 1;
	Size		lower = SizeOfPageHeaderData;
	Size		upper = BLCKSZ - MAXALIGN(sizeof(ChainPageOpaque));
	OffsetNumber offset = FirstOffsetNumber;
	HnswMeta	meta;
	int64		next = 0;

	for (int64 i = 0; i < build->count; i++)
	{
		Size		size = hnsw_element_size(build->nodes[i].level, build->m, build->dim);

		if (lower + sizeof(ItemIdData) + size > upper)
		{
			block++;
			lower = SizeOfPageHeaderData;
			upper = BLCKSZ - MAXALIGN(sizeof(ChainPageOpaque));
			offset = FirstOffsetNumber;
		}
		disk_ids[i] = hnsw_tid_id(block, offset++);
		lower += sizeof(ItemIdData);
		upper -= size;
	}
	MemSet(&meta, 0, sizeof(meta));
	meta.magic = HNSW_MAGIC;
	meta.dims = build->dim;
	meta.m = build->m;
	meta.ef_construction = build->ef_construction;
	meta.entry = build->count > 0 ? disk_ids[build->entry] : HNSW_NO_NODE;
	meta.entry_level = build->count > 0 ? build->entry_level : -1;
	meta.insert_page = build->count > 0 ? block : InvalidBlockNumber;
	hnsw_write_meta(index, fork, &meta, true);
	while (next < build->count)
	{
		Buffer		buffer = new_chain_page(index, fork);
		GenericXLogState *state = GenericXLogStart(index);
		Page		page = GenericXLogRegisterBuffer(state, buffer, GENERIC_XLOG_FULL_IMAGE);

		init_chain_page(page);
		while (next < build->count && (BlockNumber) (disk_ids[next] >> 16) == BufferGetBlockNumber(buffer))
		{
			Size		size = hnsw_element_size(build->nodes[next].level, build->m, build->dim);
			HnswDiskElement *element = palloc0(size);

			hnsw_fill_element(element, &build->nodes[next], build->m, disk_ids);
			if (PageAddItem(page, (Item) element, size, InvalidOffsetNumber, false, false) != (OffsetNumber) (disk_ids[next] & 0xFFFF))
				elog(ERROR, "hnsw index \"%s\": an element is not where it was placed", RelationGetRelationName(index));
			pfree(element);
			next++;
		}
		if (PageIsEmpty(page))
			elog(ERROR, "hnsw index \"%s\": pages are not in the order they were placed", RelationGetRelationName(index));
		GenericXLogFinish(state);
		UnlockReleaseBuffer(buffer);
	}
	pfree(disk_ids);
}

static void
add_in_memory(BuildState *build, Vector *vector, ItemPointer heaptid)
{
	MemoryContext previous = MemoryContextSwitchTo(build->graph_context);
	HnswNode	node;
	uint64		id = build->count;

	node.id = id;
	node.level = fitting_level(hnsw_row_level(build->m, heaptid), build->m, build->dim, build->index);
	node.deleted = false;
	node.heaptid = *heaptid;
	node.vector = palloc(VARSIZE(vector));
	memcpy(node.vector, vector, VARSIZE(vector));
	node.neighbors = palloc(sizeof(uint64) * hnsw_slots(node.level, build->m));
	if (build->count == build->capacity)
	{
		build->capacity = Max(1024, build->capacity * 2);
		build->nodes = build->nodes == NULL
			? MemoryContextAllocHuge(build->graph_context, sizeof(HnswNode) * build->capacity)
			: repalloc_huge(build->nodes, sizeof(HnswNode) * build->capacity);
	}
	MemoryContextSwitchTo(build->scratch);
	if (build->count == 0)
		for (int i = 0; i < hnsw_slots(node.level, build->m); i++)
			node.neighbors[i] = HNSW_NO_NODE;
	else
		hnsw_find_neighbors(&build->graph, node.vector, node.level, build->entry, build->entry_level, build->ef_construction, node.neighbors);
	build->nodes[build->count++] = node;
	if (id > 0)
	{
		for (int level = Min(node.level, build->entry_level); level >= 0; level--)
		{
			int			start = hnsw_level_start(level, build->m);

			for (int i = start; i < start + hnsw_level_capacity(level, build->m); i++)
			{
				uint64		neighbor = node.neighbors[i];

				if (neighbor != HNSW_NO_NODE && build->nodes[neighbor].level >= level)
					hnsw_add_link(&build->graph, &build->nodes[neighbor], level, id, node.vector);
			}
		}
	}
	if (id == 0 || node.level > build->entry_level)
	{
		build->entry = id;
		build->entry_level = node.level;
	}
	MemoryContextSwitchTo(previous);
}

static void
build_callback(Relation index, ItemPointer tid, Datum *values, bool *isnull, bool alive, void *opaque)
{
	BuildState *build = (BuildState *) opaque;
	MemoryContext previous;
	Vector	   *vector;

	if (isnull[0])
		return;
	previous = MemoryContextSwitchTo(build->scratch);
	vector = graph_vector(&build->graph, values[0]);
	if (vector != NULL)
	{
		if (!build->on_disk && MemoryContextMemAllocated(build->graph_context, true) > (Size) maintenance_work_mem * 1024)
		{
			/* Past maintenance_work_mem: what is built goes to pages, the rest is inserted there. */
			write_graph(build, MAIN_FORKNUM);
			MemoryContextReset(build->graph_context);
			build->nodes = NULL;
			build->on_disk = true;
		}
		if (build->on_disk)
			insert_on_disk(index, &build->disk_graph, vector, tid);
		else
			add_in_memory(build, vector, tid);
		build->indexed++;
	}
	MemoryContextSwitchTo(previous);
	MemoryContextReset(build->scratch);
}

IndexBuildResult *
hnsw_build(Relation heap, Relation index, IndexInfo *info)
{
	BuildState	build;
	IndexBuildResult *result;
	double		heap_rows;

	MemSet(&build, 0, sizeof(build));
	build.index = index;
	build.dim = index_dimensions(index, HNSW_MAX_DIM, "hnsw");
	build.m = option_m(index);
	build.ef_construction = option_ef_construction(index);
	if (build.ef_construction < 2 * build.m)
		ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE), errmsg("ef_construction must be greater than or equal to 2 * m")));
	hnsw_graph_init(&build.graph, index, build.m);
	build.graph.load = load_memory;
	build.graph.opaque = &build;
	build.disk_graph = build.graph;
	build.disk_graph.load = hnsw_load_disk;
	build.disk_graph.opaque = index;
	build.graph_context = AllocSetContextCreate(CurrentMemoryContext, "hnsw build graph", ALLOCSET_DEFAULT_SIZES);
	build.scratch = AllocSetContextCreate(CurrentMemoryContext, "hnsw build row", ALLOCSET_DEFAULT_SIZES);
	heap_rows = table_index_build_scan(heap, index, info, true, false, build_callback, &build, NULL);
	if (!build.on_disk)
		write_graph(&build, MAIN_FORKNUM);
	MemoryContextDelete(build.graph_context);
	MemoryContextDelete(build.scratch);
	result = palloc(sizeof(IndexBuildResult));
	result->heap_tuples = heap_rows;
	result->index_tuples = build.indexed;
	return result;
}

void
hnsw_buildempty(Relation index)
{
	BuildState	build;

	MemSet(&build, 0, sizeof(build));
	build.index = index;
	build.dim = index_dimensions(index, HNSW_MAX_DIM, "hnsw");
	build.m = option_m(index);
	build.ef_construction = option_ef_construction(index);
	write_graph(&build, INIT_FORKNUM);
}

bool
hnsw_insert(Relation index, Datum *values, bool *isnull, ItemPointer heap_tid, Relation heap,
			IndexUniqueCheck check_unique, bool index_unchanged, IndexInfo *info)
{
	MemoryContext scratch;
	MemoryContext previous;
	HnswGraph	graph;
	Vector	   *vector;

	if (isnull[0])
		return false;
	scratch = AllocSetContextCreate(CurrentMemoryContext, "hnsw insert", ALLOCSET_DEFAULT_SIZES);
	previous = MemoryContextSwitchTo(scratch);
	hnsw_graph_init(&graph, index, hnsw_read_meta(index).m);
	graph.load = hnsw_load_disk;
	graph.opaque = index;
	vector = graph_vector(&graph, values[0]);
	if (vector != NULL)
		insert_on_disk(index, &graph, vector, heap_tid);
	MemoryContextSwitchTo(previous);
	MemoryContextDelete(scratch);
	return false;
}

IndexBulkDeleteResult *
hnsw_bulkdelete(IndexVacuumInfo *info, IndexBulkDeleteResult *stats, IndexBulkDeleteCallback callback, void *callback_state)
{
	Relation	index = info->index;
	BlockNumber blocks = RelationGetNumberOfBlocks(index);

	if (stats == NULL)
		stats = palloc0(sizeof(IndexBulkDeleteResult));
	for (BlockNumber block = HNSW_METAPAGE + 1; block < blocks; block++)
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
			HnswDiskElement *element = (HnswDiskElement *) PageGetItem(page, PageGetItemId(page, offset));

			if (element->deleted)
				continue;
			if (callback(&element->heaptid, callback_state))
				dead[ndead++] = offset;
			else
				stats->num_index_tuples++;
		}
		if (ndead > 0)
		{
			GenericXLogState *state = GenericXLogStart(index);
			Page		copy = GenericXLogRegisterBuffer(state, buffer, 0);

			for (int i = 0; i < ndead; i++)
				((HnswDiskElement *) PageGetItem(copy, PageGetItemId(copy, dead[i])))->deleted = 1;
			GenericXLogFinish(state);
			stats->tuples_removed += ndead;
		}
		UnlockReleaseBuffer(buffer);
	}
	return stats;
}

IndexBulkDeleteResult *
hnsw_vacuumcleanup(IndexVacuumInfo *info, IndexBulkDeleteResult *stats)
{
	if (info->analyze_only)
		return stats;
	if (stats == NULL)
		stats = palloc0(sizeof(IndexBulkDeleteResult));
	stats->num_pages = RelationGetNumberOfBlocks(info->index);
	return stats;
}
