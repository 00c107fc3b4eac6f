/*
 * The hnsw access method's entry point (what `create access method hnsw` binds), its storage
 * parameters m and ef_construction, and its cost estimate.
 */
#include "postgres.h"

#include "hnsw.h"
#include "commands/vacuum.h"
#include "utils/float.h"
#include "utils/selfuncs.h"

static bytea *
hnsw_options(Datum reloptions, bool validate)
{
	static const relopt_parse_elt table[] = {
		{"m", RELOPT_TYPE_INT, offsetof(HnswOptions, m)},
		{"ef_construction", RELOPT_TYPE_INT, offsetof(HnswOptions, ef_construction)},
	};

	return (bytea *) build_reloptions(reloptions, validate, hnsw_relopt_kind, sizeof(HnswOptions), table, lengthof(table));
}

/*
 * A scan visits about ef_search nodes on level 0 and reads their neighbours' elements (2m
 * each), all before its first row: that is the cost, paid up front.
 */
static void
hnsw_costestimate(PlannerInfo *root, IndexPath *path, double loop_count, Cost *startup, Cost *total,
				  Selectivity *selectivity, double *correlation, double *pages)
{
	GenericCosts costs;
	Relation	index;
	HnswOptions *options;
	int			m;

	if (path->indexorderbys == NIL)
	{
		*startup = *total = get_float8_infinity();
		*selectivity = 0;
		*correlation = 0;
		*pages = 0;
		return;
	}
	index = index_open(path->indexinfo->indexoid, NoLock);
	options = (HnswOptions *) index->rd_options;
	m = options ? options->m : HNSW_DEFAULT_M;
	index_close(index, NoLock);
	MemSet(&costs, 0, sizeof(costs));
	costs.numIndexTuples = Max(1.0, Min(path->indexinfo->tuples, (double) hnsw_ef_search * 2 * m));
	genericcostestimate(root, path, loop_count, &costs);
	*startup = costs.indexTotalCost;
	*total = costs.indexTotalCost;
	*selectivity = costs.indexSelectivity;
	*correlation = costs.indexCorrelation;
	*pages = costs.numIndexPages;
}

static bool
hnsw_validate(Oid opclass)
{
	return true;
}

PG_FUNCTION_INFO_V1(hnswhandler);
Datum
hnswhandler(PG_FUNCTION_ARGS)
{
	IndexAmRoutine *am = makeNode(IndexAmRoutine);

	am->amstrategies = 0;
	am->amsupport = 2;
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
	am->ambuild = hnsw_build;
	am->ambuildempty = hnsw_buildempty;
	am->aminsert = hnsw_insert;
	am->ambulkdelete = hnsw_bulkdelete;
	am->amvacuumcleanup = hnsw_vacuumcleanup;
	am->amcostestimate = hnsw_costestimate;
	am->amoptions = hnsw_options;
	am->amvalidate = hnsw_validate;
	am->ambeginscan = hnsw_beginscan;
	am->amrescan = hnsw_rescan;
	am->amgettuple = hnsw_gettuple;
	am->amendscan = hnsw_endscan;
	PG_RETURN_POINTER(am);
}
