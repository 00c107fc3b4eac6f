/*
 * What the vector module registers when a backend loads it: the settings and storage parameters
 * of its index access methods, with pgvector's names, defaults and ranges, so that migrations
 * and sessions that set them work unchanged.
 */
#include "postgres.h"

#include "index-pages.h"
#include "utils/guc.h"

int			ivfflat_probes = 1;
relopt_kind ivfflat_relopt_kind;

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
}
