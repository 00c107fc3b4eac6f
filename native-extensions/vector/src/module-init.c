/*
 * What the vector module registers when a backend loads it: the settings and storage parameters
 * of its index access methods, with pgvector's names, defaults and ranges, so that migrations
 * and sessions that set them work unchanged.
 */
#include "postgres.h"

#include "hnsw.h"
#include "index-pages.h"
#include "utils/guc.h"

int			ivfflat_probes = 1;
relopt_kind ivfflat_relopt_kind;
int			hnsw_ef_search = HNSW_DEFAULT_EF_SEARCH;
relopt_kind hnsw_relopt_kind;

void		_PG_init(void);

void
_PG_init(void)
{
	ivfflat_relopt_kind = add_reloption_kind();
	add_int_reloption(ivfflat_relopt_kind, "lists", "Number of inverted lists",
					  IVFFLAT_DEFAULT_LISTS, 1, IVFFLAT_MAX_LISTS, AccessExclusiveLock);
	DefineCustomIntVariable("ivfflat.probes", "Sets the number of probes", "Valid range is 1..lists.",
							&ivfflat_probes, 1, 1, IVFFLAT_MAX_LISTS, PGC_USERSET, 0, NULL, NULL, NULL);
	MarkGUCPrefixReserved("ivfflat");

	hnsw_relopt_kind = add_reloption_kind();
	add_int_reloption(hnsw_relopt_kind, "m", "Max number of connections",
					  HNSW_DEFAULT_M, HNSW_MIN_M, HNSW_MAX_M, AccessExclusiveLock);
	add_int_reloption(hnsw_relopt_kind, "ef_construction", "Size of the dynamic candidate list for construction",
					  HNSW_DEFAULT_EF_CONSTRUCTION, HNSW_MIN_EF_CONSTRUCTION, HNSW_MAX_EF_CONSTRUCTION, AccessExclusiveLock);
	DefineCustomIntVariable("hnsw.ef_search", "Sets the size of the dynamic candidate list for search", "Valid range is 1..1000.",
							&hnsw_ef_search, HNSW_DEFAULT_EF_SEARCH, 1, HNSW_MAX_EF_SEARCH, PGC_USERSET, 0, NULL, NULL, NULL);
	MarkGUCPrefixReserved("hnsw");
}
