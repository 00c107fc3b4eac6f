/*
 * What the vector extension's index access methods (ivfflat.c, ...) share: the settings and
 * storage parameters registered when the module loads, a page format of chained item pages
 * (every change WAL-logged through PostgreSQL's generic WAL records, so an index survives a crash
 * and reaches standbys without a redo routine of our own), and the sorted candidates a scan
 * returns in distance order.
 */
#ifndef NATIVE_VECTOR_INDEX_PAGES_H
#define NATIVE_VECTOR_INDEX_PAGES_H

#include "postgres.h"

#include "access/generic_xlog.h"
#include "access/reloptions.h"
#include "nodes/pathnodes.h"
#include "storage/bufmgr.h"
#include "storage/itemptr.h"
#include "utils/rel.h"

#define IVFFLAT_DEFAULT_LISTS 100
#define IVFFLAT_MAX_LISTS 32768
#define IVFFLAT_MAX_DIM 2000

/* Set when the module loads (module-init.c). */
extern int	ivfflat_probes;
extern relopt_kind ivfflat_relopt_kind;

/* The special space of every page after the metapage: the next page of the same chain. */
typedef struct ChainPageOpaque
{
	BlockNumber next;
} ChainPageOpaque;

#define ChainPageNext(page) (((ChainPageOpaque *) PageGetSpecialPointer(page))->next)

/* Adds a page to the index (main or init fork), locked exclusively; the caller releases it. */
extern Buffer new_chain_page(Relation index, ForkNumber fork);

/* Readies a page just registered in a generic WAL record as an empty chain page. */
extern void init_chain_page(Page page);

/* The indexed column's dimensions; pgvector's messages when it has none or too many. */
extern int	index_dimensions(Relation index, int max_dim, const char *method);

/* One heap row found by a scan, with its distance to the query. */
typedef struct Candidate
{
	double		distance;
	ItemPointerData tid;
} Candidate;

/* A growing array of candidates, sorted once and then handed out in order. */
typedef struct CandidateList
{
	Candidate  *items;
	int64		count;
	int64		capacity;
	int64		next;
} CandidateList;

extern void candidates_add(CandidateList *list, double distance, ItemPointer tid);
extern void candidates_sort(CandidateList *list);

#endif
