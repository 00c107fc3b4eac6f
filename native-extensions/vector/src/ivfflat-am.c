/*
 * The ivfflat access method's entry point (what `create access method ivfflat` binds), its
 * storage parameter, its cost estimate and the helpers the build and scan share: how an
 * operator class compares vectors, and the metapage.
 */
#include "postgres.h"

#include <math.h>

#include "ivfflat.h"
#include "access/relscan.h"
#include "commands/vacuum.h"
#include "optimizer/optimizer.h"
#include "utils/float.h"
#include "utils/selfuncs.h"

void
ivf_compare_of(Relation index, IvfCompare *compare)
{
	compare->distance = index_getprocinfo(index, 1, IVFFLAT_DISTANCE_PROC);
	compare->collation = index->rd_indcollation[0];
	compare->normalize_rows = OidIsValid(index_getprocid(index, 1, IVFFLAT_NORMALIZE_PROC));
	compare->normalize_centers = OidIsValid(index_getprocid(index, 1, IVFFLAT_CENTER_NORM_PROC));
}

double
ivf_distance(const IvfCompare *compare, Vector *a, Vector *b)
{
	return DatumGetFloat8(FunctionCall2Coll(compare->distance, compare->collation, PointerGetDatum(a), PointerGetDatum(b)));
}

IvfMeta
ivf_read_meta(Relation index)
{
	Buffer		buffer = ReadBuffer(index, IVFFLAT_METAPAGE);
	IvfMeta		meta;

	LockBuffer(buffer, BUFFER_LOCK_SHARE);
	meta = *(IvfMeta *) PageGetContents(BufferGetPage(buffer));
	UnlockReleaseBuffer(buffer);
	if (meta.magic != IVFFLAT_MAGIC)
		elog(ERROR, "index \"%s\" is not an ivfflat index of this module", RelationGetRelationName(index));
	return meta;
}

int
ivf_lists_option(Relation index)
{
	IvfOptions *options = (IvfOptions *) index->rd_options;

	return options ? options->lists : IVFFLAT_DEFAULT_LISTS;
}

static bytea *
ivfflat_options(Datum reloptions, bool validate)
{
	static const relopt_parse_elt table[] = {{"lists", RELOPT_TYPE_INT, offsetof(IvfOptions, lists)}};

	return (bytea *) build_reloptions(reloptions, validate, ivfflat_relopt_kind, sizeof(IvfOptions), table, lengthof(table));
}

/*
 * The index only serves ORDER BY <distance> scans, reading `probes` of `lists` lists in full
 * before its first row: that share of the index is the cost, paid up front.
 */
static void
ivfflat_costestimate(PlannerInfo *root, IndexPath *path, double loop_count, Cost *startup, Cost *total,
					 Selectivity *selectivity, double *correlation, double *pages)
{
	GenericCosts costs;
	Relation	index;
	int			lists;
	double		ratio;

	if (path->indexorderbys == NIL)
	{
		/* A scan without a distance to order by has nothing to ask this index. */
		*startup = *total = get_float8_infinity();
		*selectivity = 0;
		*correlation = 0;
		*pages = 0;
		return;
	}
	index = index_open(path->indexinfo->indexoid, NoLock);
	lists = ivf_lists_option(index);
	index_close(index, NoLock);
	ratio = Min(1.0, (double) ivfflat_probes / lists);
	MemSet(&costs, 0, sizeof(costs));
	costs.numIndexTuples = Max(1.0, path->indexinfo->tuples * ratio);
	genericcostestimate(root, path, loop_count, &costs);
	/* A list is a chain of pages read one after the other, not pages at random. */
	costs.indexTotalCost -= costs.numIndexPages * (random_page_cost - seq_page_cost);
	*startup = costs.indexTotalCost;
	*total = costs.indexTotalCost;
	*selectivity = costs.indexSelectivity;
	*correlation = costs.indexCorrelation;
	*pages = costs.numIndexPages;
}

static bool
ivfflat_validate(Oid opclass)
{
	return true;
}

PG_FUNCTION_INFO_V1(ivfflathandler);
Datum
ivfflathandler(PG_FUNCTION_ARGS)
{
	IndexAmRoutine *am = makeNode(IndexAmRoutine);

	am->amstrategies = 0;
	am->amsupport = 4;
	am->amoptsprocnum = 0;
	am->amcanorder = false;
	am->amcanorderbyop = true;
	am->amcanbackward = false;
	am->amcanunique = false;
	am->amcanmulticol = false;
	am->amoptionalkey = true;
	am->amsearcharray = false;
	am->amsearchnulls = false;
	am->amstorage = false;
	am->amclusterable = false;
	am->ampredlocks = false;
	am->amcanparallel = false;
	am->amcaninclude = false;
	am->amusemaintenanceworkmem = false;
	am->amparallelvacuumoptions = VACUUM_OPTION_PARALLEL_BULKDEL;
	am->amkeytype = InvalidOid;
	am->ambuild = ivfflat_build;
	am->ambuildempty = ivfflat_buildempty;
	am->aminsert = ivfflat_insert;
	am->ambulkdelete = ivfflat_bulkdelete;
	am->amvacuumcleanup = ivfflat_vacuumcleanup;
	am->amcostestimate = ivfflat_costestimate;
	am->amoptions = ivfflat_options;
	am->amvalidate = ivfflat_validate;
	am->ambeginscan = ivfflat_beginscan;
	am->amrescan = ivfflat_rescan;
	am->amgettuple = ivfflat_gettuple;
	am->amendscan = ivfflat_endscan;
	PG_RETURN_POINTER(am);
}
