/*
 * The ivfflat access method: vectors grouped into `lists` by k-means at build time; a scan
 * ranks the lists' centers against the query, reads the `ivfflat.probes` nearest lists whole
 * and returns their rows in distance order. Approximate by design, as pgvector's ivfflat.
 *
 * Layout: block 0 is the metapage; then chained pages of list items (a center and the first and
 * last pages of its entries); then each list's chain of entry pages, index tuples of a vector
 * and its heap row.
 */
#ifndef NATIVE_VECTOR_IVFFLAT_H
#define NATIVE_VECTOR_IVFFLAT_H

#include "postgres.h"

#include "access/amapi.h"
#include "nodes/execnodes.h"
#include "index-pages.h"
#include "vector.h"

#define IVFFLAT_MAGIC 0x49564646	/* "IVFF" */
#define IVFFLAT_METAPAGE 0
#define IVFFLAT_SEED UINT64CONST(0x6976666c6174)	/* any constant: "ivflat" */

/* Support functions of the operator classes (pgvector's numbering). */
#define IVFFLAT_DISTANCE_PROC 1		/* ranks lists and rows */
#define IVFFLAT_NORMALIZE_PROC 2	/* present: rows and queries are stored and compared normalized */
#define IVFFLAT_CENTER_NORM_PROC 4	/* present: centers are normalized (spherical k-means) */

typedef struct IvfMeta
{
	uint32		magic;
	int32		dims;
	int32		lists;
	BlockNumber first_list_page;
} IvfMeta;

typedef struct IvfList
{
	BlockNumber first_page;
	BlockNumber insert_page;
	Vector		center;			/* variable length: the varlena header says how long */
} IvfList;

typedef struct IvfOptions
{
	int32		vl_len_;
	int			lists;
} IvfOptions;

/* How an index compares vectors, from its operator class. */
typedef struct IvfCompare
{
	FmgrInfo   *distance;
	Oid			collation;
	bool		normalize_rows;
	bool		normalize_centers;
} IvfCompare;

extern void ivf_compare_of(Relation index, IvfCompare *compare);
extern double ivf_distance(const IvfCompare *compare, Vector *a, Vector *b);
extern IvfMeta ivf_read_meta(Relation index);
extern int	ivf_lists_option(Relation index);

extern IndexBuildResult *ivfflat_build(Relation heap, Relation index, IndexInfo *info);
extern void ivfflat_buildempty(Relation index);
extern bool ivfflat_insert(Relation index, Datum *values, bool *isnull, ItemPointer heap_tid, Relation heap,
						   IndexUniqueCheck check_unique, bool index_unchanged, IndexInfo *info);
extern IndexBulkDeleteResult *ivfflat_bulkdelete(IndexVacuumInfo *info, IndexBulkDeleteResult *stats,
												 IndexBulkDeleteCallback callback, void *callback_state);
extern IndexBulkDeleteResult *ivfflat_vacuumcleanup(IndexVacuumInfo *info, IndexBulkDeleteResult *stats);
extern IndexScanDesc ivfflat_beginscan(Relation index, int nkeys, int norderbys);
extern void ivfflat_rescan(IndexScanDesc scan, ScanKey keys, int nkeys, ScanKey orderbys, int norderbys);
extern bool ivfflat_gettuple(IndexScanDesc scan, ScanDirection dir);
extern void ivfflat_endscan(IndexScanDesc scan);

#endif
