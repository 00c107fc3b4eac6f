/*
 * The hnsw access method: a hierarchical navigable small-world graph (Malkov and Yashunin's
 * algorithm, as pgvector's hnsw offers it): every row is a node with links to its nearest
 * neighbours on level 0 and, for a random few, on higher levels; a scan descends from the entry
 * node greedily and searches level 0 with a candidate list of `hnsw.ef_search` nodes.
 *
 * The graph algorithms (hnsw-graph.c) work on node views, whether the nodes live in memory (a
 * build, which is far faster there) or on pages (inserts and scans). On pages, block 0 is the
 * metapage and every other page holds elements: the heap row, the level, the neighbour slots
 * (2m on level 0, m above) and the vector.
 */
#ifndef NATIVE_VECTOR_HNSW_H
#define NATIVE_VECTOR_HNSW_H

#include "postgres.h"

#include "access/amapi.h"
#include "nodes/execnodes.h"
#include "index-pages.h"
#include "vector.h"

#define HNSW_MAGIC 0x484E5357	/* "HNSW" */
#define HNSW_METAPAGE 0
#define HNSW_DEFAULT_M 16
#define HNSW_MIN_M 2
#define HNSW_MAX_M 100
#define HNSW_DEFAULT_EF_CONSTRUCTION 64
#define HNSW_MIN_EF_CONSTRUCTION 4
#define HNSW_MAX_EF_CONSTRUCTION 1000
#define HNSW_DEFAULT_EF_SEARCH 40
#define HNSW_MAX_EF_SEARCH 1000
#define HNSW_MAX_DIM 2000
#define HNSW_MAX_LEVEL 16
#define HNSW_NO_NODE PG_UINT64_MAX
#define HNSW_LEVEL_SEED UINT64CONST(0x686e73776c76)	/* any constant: "hnswlv" */

#define HNSW_DISTANCE_PROC 1
#define HNSW_NORMALIZE_PROC 2

extern int	hnsw_ef_search;
extern relopt_kind hnsw_relopt_kind;

typedef struct HnswOptions
{
	int32		vl_len_;
	int			m;
	int			ef_construction;
} HnswOptions;

typedef struct HnswMeta
{
	uint32		magic;
	int32		dims;
	int32		m;
	int32		ef_construction;
	uint64		entry;			/* HNSW_NO_NODE while the graph is empty */
	int32		entry_level;
	BlockNumber insert_page;	/* the last element page */
} HnswMeta;

/* An element as stored on a page; its vector follows the slots, aligned. */
typedef struct HnswDiskElement
{
	ItemPointerData heaptid;
	uint8		level;
	uint8		deleted;		/* vacuumed: still a way through the graph, never a result */
	uint16		unused;
	ItemPointerData neighbors[FLEXIBLE_ARRAY_MEMBER];
} HnswDiskElement;

/* A node as the algorithms see it. */
typedef struct HnswNode
{
	uint64		id;
	int			level;
	bool		deleted;
	ItemPointerData heaptid;
	Vector	   *vector;
	uint64	   *neighbors;		/* hnsw_slots(level, m) ids; HNSW_NO_NODE marks a free slot */
} HnswNode;

typedef enum HnswDistanceKind
{
	HNSW_L2_SQUARED,
	HNSW_NEGATIVE_IP,
	HNSW_OTHER					/* any other support function, called through fmgr */
} HnswDistanceKind;

/* A node found by a search, with its distance to the query. */
typedef struct HnswFound
{
	double		distance;
	uint64		id;
} HnswFound;

typedef struct HnswGraph HnswGraph;
struct HnswGraph
{
	int			m;
	HnswDistanceKind kind;
	FmgrInfo   *proc;
	Oid			collation;
	bool		normalize;
	/* The node of `id`; valid until the caller's memory context is reset. */
	HnswNode   *(*load) (HnswGraph *graph, uint64 id);
	void	   *opaque;
};

static inline int
hnsw_slots(int level, int m)
{
	return 2 * m + level * m;
}

/* Where the slots of `level` start among a node's neighbours, and how many there are. */
static inline int
hnsw_level_start(int level, int m)
{
	return level == 0 ? 0 : 2 * m + (level - 1) * m;
}

static inline int
hnsw_level_capacity(int level, int m)
{
	return level == 0 ? 2 * m : m;
}

static inline uint64
hnsw_tid_id(BlockNumber block, OffsetNumber offset)
{
	return ((uint64) block << 16) | offset;
}

/* hnsw-graph.c */
extern void hnsw_graph_init(HnswGraph *graph, Relation index, int m);
extern double hnsw_distance(const HnswGraph *graph, Vector *a, Vector *b);
extern int	hnsw_row_level(int m, ItemPointer heaptid);
extern int	hnsw_search_layer(HnswGraph *graph, Vector *query, HnswFound *entries, int nentries, int ef, int level,
							  HnswFound *out);
extern int	hnsw_descend(HnswGraph *graph, Vector *query, uint64 entry, int entry_level, int to_level, int ef,
						 HnswFound *out);
extern void hnsw_find_neighbors(HnswGraph *graph, Vector *query, int level, uint64 entry, int entry_level, int ef,
								uint64 *slots);
extern bool hnsw_add_link(HnswGraph *graph, HnswNode *node, int level, uint64 id, Vector *vector);

/* hnsw-pages.c */
extern HnswMeta hnsw_read_meta(Relation index);
extern void hnsw_write_meta(Relation index, ForkNumber fork, const HnswMeta *meta, bool create);
extern Size hnsw_element_size(int level, int m, int dim);
extern HnswNode *hnsw_load_disk(HnswGraph *graph, uint64 id);
extern void hnsw_fill_element(HnswDiskElement *element, const HnswNode *node, int m, const uint64 *disk_ids);
extern Vector *hnsw_element_vector(HnswDiskElement *element, int m);

/* hnsw-build.c, hnsw-scan.c */
extern IndexBuildResult *hnsw_build(Relation heap, Relation index, IndexInfo *info);
extern void hnsw_buildempty(Relation index);
extern bool hnsw_insert(Relation index, Datum *values, bool *isnull, ItemPointer heap_tid, Relation heap,
						IndexUniqueCheck check_unique, bool index_unchanged, IndexInfo *info);
extern IndexBulkDeleteResult *hnsw_bulkdelete(IndexVacuumInfo *info, IndexBulkDeleteResult *stats,
											  IndexBulkDeleteCallback callback, void *callback_state);
extern IndexBulkDeleteResult *hnsw_vacuumcleanup(IndexVacuumInfo *info, IndexBulkDeleteResult *stats);
extern IndexScanDesc hnsw_beginscan(Relation index, int nkeys, int norderbys);
extern void hnsw_rescan(IndexScanDesc scan, ScanKey keys, int nkeys, ScanKey orderbys, int norderbys);
extern bool hnsw_gettuple(IndexScanDesc scan, ScanDirection dir);
extern void hnsw_endscan(IndexScanDesc scan);

#endif
