/*
 * HNSW elements on pages: the metapage, the size and layout of an element, and the node view
 * of an element read from its page (a copy, so no buffer stays locked while a search goes on).
 */
#include "postgres.h"

#include "hnsw.h"

HnswMeta
hnsw_read_meta(Relation index)
{
	Buffer		buffer = ReadBuffer(index, HNSW_METAPAGE);
	HnswMeta	meta;

	LockBuffer(buffer, BUFFER_LOCK_SHARE);
	meta = *(HnswMeta *) PageGetContents(BufferGetPage(buffer));
	UnlockReleaseBuffer(buffer);
	if (meta.magic != HNSW_MAGIC)
		elog(ERROR, "index \"%s\" is not an hnsw index of this module", RelationGetRelationName(index));
	return meta;
}

void
hnsw_write_meta(Relation index, ForkNumber fork, const HnswMeta *meta, bool create)
{
	Buffer		buffer;
	GenericXLogState *state = GenericXLogStart(index);
	Page		page;

	if (create)
	{
		buffer = new_chain_page(index, fork);
		if (BufferGetBlockNumber(buffer) != HNSW_METAPAGE)
			elog(ERROR, "hnsw index \"%s\" is not empty", RelationGetRelationName(index));
		page = GenericXLogRegisterBuffer(state, buffer, GENERIC_XLOG_FULL_IMAGE);
		init_chain_page(page);
	}
	else
	{
		buffer = ReadBufferExtended(index, fork, HNSW_METAPAGE, RBM_NORMAL, NULL);
		LockBuffer(buffer, BUFFER_LOCK_EXCLUSIVE);
		page = GenericXLogRegisterBuffer(state, buffer, 0);
	}
	*(HnswMeta *) PageGetContents(page) = *meta;
	((PageHeader) page)->pd_lower = (PageGetContents(page) + sizeof(HnswMeta)) - (char *) page;
	GenericXLogFinish(state);
	UnlockReleaseBuffer(buffer);
}

static Size
vector_offset(int level, int m)
{
	return MAXALIGN(offsetof(HnswDiskElement, neighbors) + sizeof(ItemPointerData) * hnsw_slots(level, m));
}

Size
hnsw_element_size(int level, int m, int dim)
{
	return MAXALIGN(vector_offset(level, m) + VECTOR_SIZE(dim));
}

Vector *
hnsw_element_vector(HnswDiskElement *element, int m)
{
	return (Vector *) ((char *) element + vector_offset(element->level, m));
}

/* The element of `node`; `disk_ids`, when given, maps its neighbours' ids to their places on pages. */
void
hnsw_fill_element(HnswDiskElement *element, const HnswNode *node, int m, const uint64 *disk_ids)
{
	element->heaptid = node->heaptid;
	element->level = node->level;
	element->deleted = node->deleted;
	for (int i = 0; i < hnsw_slots(node->level, m); i++)
	{
		uint64		id = node->neighbors[i];

		if (id != HNSW_NO_NODE && disk_ids)
			id = disk_ids[id];
		if (id == HNSW_NO_NODE)
			ItemPointerSetInvalid(&element->neighbors[i]);
		else
			ItemPointerSet(&element->neighbors[i], (BlockNumber) (id >> 16), (OffsetNumber) (id & 0xFFFF));
	}
	memcpy(hnsw_element_vector(element, m), node->vector, VARSIZE(node->vector));
}

HnswNode *
hnsw_load_disk(HnswGraph *graph, uint64 id)
{
	Relation	index = (Relation) graph->opaque;
	Buffer		buffer = ReadBuffer(index, (BlockNumber) (id >> 16));
	Page		page;
	ItemId		item;
	HnswDiskElement *element;
	HnswNode   *node = palloc(sizeof(HnswNode));
	int			slots;

	LockBuffer(buffer, BUFFER_LOCK_SHARE);
	page = BufferGetPage(buffer);
	item = PageGetItemId(page, (OffsetNumber) (id & 0xFFFF));
	element = palloc(ItemIdGetLength(item));
	memcpy(element, PageGetItem(page, item), ItemIdGetLength(item));
	UnlockReleaseBuffer(buffer);
	node->id = id;
	node->level = element->level;
	node->deleted = element->deleted != 0;
	node->heaptid = element->heaptid;
	node->vector = hnsw_element_vector(element, graph->m);
	slots = hnsw_slots(node->level, graph->m);
	node->neighbors = palloc(sizeof(uint64) * slots);
	for (int i = 0; i < slots; i++)
		node->neighbors[i] = ItemPointerIsValid(&element->neighbors[i])
			? hnsw_tid_id(ItemPointerGetBlockNumber(&element->neighbors[i]), ItemPointerGetOffsetNumber(&element->neighbors[i]))
			: HNSW_NO_NODE;
	return node;
}
