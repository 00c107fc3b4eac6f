/*
 * The vector type's text and binary forms, its type modifier (the dimension count of
 * vector(n)) and the casts to and from arrays. Messages are pgvector 0.6's, word for word,
 * because projects' tests and error handling match on them.
 */
#include "postgres.h"

#include <math.h>

#include "vector.h"
#include "catalog/pg_type.h"
#include "common/shortest_dec.h"
#include "lib/stringinfo.h"
#include "libpq/pqformat.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/float.h"
#include "utils/lsyscache.h"
#include "utils/numeric.h"

PG_MODULE_MAGIC;

/* Allocates a zeroed vector of `dim` elements. */
Vector *
new_vector(int dim)
{
	Vector	   *result = (Vector *) palloc0(VECTOR_SIZE(dim));

	SET_VARSIZE(result, VECTOR_SIZE(dim));
	result->dim = dim;
	return result;
}

void
check_dim(int dim)
{
	if (dim < 1)
		ereport(ERROR, (errcode(ERRCODE_DATA_EXCEPTION), errmsg("vector must have at least 1 dimension")));
	if (dim > VECTOR_MAX_DIM)
		ereport(ERROR, (errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
						errmsg("vector cannot have more than %d dimensions", VECTOR_MAX_DIM)));
}

void
check_dims(const Vector *a, const Vector *b)
{
	if (a->dim != b->dim)
		ereport(ERROR, (errcode(ERRCODE_DATA_EXCEPTION),
						errmsg("different vector dimensions %d and %d", a->dim, b->dim)));
}

/* A column declared vector(n) accepts only n elements (typmod -1: any count). */
void
check_expected_dim(int32 typmod, int dim)
{
	if (typmod != -1 && typmod != dim)
		ereport(ERROR, (errcode(ERRCODE_DATA_EXCEPTION),
						errmsg("expected %d dimensions, not %d", typmod, dim)));
}

void
check_element(float value)
{
	if (isnan(value))
		ereport(ERROR, (errcode(ERRCODE_DATA_EXCEPTION), errmsg("NaN not allowed in vector")));
	if (isinf(value))
		ereport(ERROR, (errcode(ERRCODE_DATA_EXCEPTION), errmsg("infinite value not allowed in vector")));
}

static inline bool
is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

PG_FUNCTION_INFO_V1(vector_in);
Datum
vector_in(PG_FUNCTION_ARGS)
{
	char	   *text = PG_GETARG_CSTRING(0);
	int32		typmod = PG_GETARG_INT32(2);
	/* Parsed into a buffer of the largest size allowed: a longer input is refused on the way. */
	float	   *values = palloc(sizeof(float) * (VECTOR_MAX_DIM + 1));
	int			dim = 0;
	char	   *p = text;
	Vector	   *result;

	while (is_space(*p))
		p++;
	if (*p != '[')
		ereport(ERROR, (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
						errmsg("invalid input syntax for type vector: \"%s\"", text),
						errdetail("Vector contents must start with \"[\".")));
	p++;
	while (is_space(*p))
		p++;
	if (*p == ']')
		ereport(ERROR, (errcode(ERRCODE_DATA_EXCEPTION), errmsg("vector must have at least 1 dimension")));
	for (;;)
	{
		char	   *end;
		float		value;

		if (dim == VECTOR_MAX_DIM)
			ereport(ERROR, (errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
							errmsg("vector cannot have more than %d dimensions", VECTOR_MAX_DIM)));
		while (is_space(*p))
			p++;
		/* strtof skips leading spaces itself; an empty element must still be an error. */
		if (*p == ',' || *p == ']' || *p == '\0')
			ereport(ERROR, (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
							errmsg("invalid input syntax for type vector: \"%s\"", text)));
		errno = 0;
		value = strtof(p, &end);
		if (end == p)
			ereport(ERROR, (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
							errmsg("invalid input syntax for type vector: \"%s\"", text)));
		if (errno == ERANGE && isinf(value))
			ereport(ERROR, (errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
							errmsg("\"%s\" is out of range for type vector", pnstrdup(p, end - p))));
		check_element(value);
		values[dim++] = value;
		p = end;
		while (is_space(*p))
			p++;
		if (*p == ',')
		{
			p++;
			continue;
		}
		if (*p == ']')
		{
			p++;
			break;
		}
		if (*p == '\0')
			ereport(ERROR, (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
							errmsg("invalid input syntax for type vector: \"%s\"", text),
							errdetail("Vector contents must end with \"]\".")));
		ereport(ERROR, (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
						errmsg("invalid input syntax for type vector: \"%s\"", text)));
	}
	while (is_space(*p))
		p++;
	if (*p != '\0')
		ereport(ERROR, (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
						errmsg("invalid input syntax for type vector: \"%s\"", text),
						errdetail("Junk after closing right brace.")));
	check_expected_dim(typmod, dim);
	result = new_vector(dim);
	memcpy(result->x, values, sizeof(float) * dim);
	pfree(values);
	PG_RETURN_VECTOR_P(result);
}

PG_FUNCTION_INFO_V1(vector_out);
Datum
vector_out(PG_FUNCTION_ARGS)
{
	Vector	   *vector = PG_GETARG_VECTOR_P(0);
	StringInfoData out;
	char		buffer[FLOAT_SHORTEST_DECIMAL_LEN];

	initStringInfo(&out);
	appendStringInfoChar(&out, '[');
	for (int i = 0; i < vector->dim; i++)
	{
		/* The shortest text that reads back as the same float, as float4out writes it. */
		if (i > 0)
			appendStringInfoChar(&out, ',');
		float_to_shortest_decimal_buf(vector->x[i], buffer);
		appendStringInfoString(&out, buffer);
	}
	appendStringInfoChar(&out, ']');
	PG_RETURN_CSTRING(out.data);
}

PG_FUNCTION_INFO_V1(vector_typmod_in);
Datum
vector_typmod_in(PG_FUNCTION_ARGS)
{
	ArrayType  *modifiers = PG_GETARG_ARRAYTYPE_P(0);
	int32	   *values;
	int			count;

	values = ArrayGetIntegerTypmods(modifiers, &count);
	if (count != 1)
		ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE), errmsg("invalid type modifier")));
	if (values[0] < 1)
		ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
						errmsg("dimensions for type vector must be at least 1")));
	if (values[0] > VECTOR_MAX_DIM)
		ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
						errmsg("dimensions for type vector cannot exceed %d", VECTOR_MAX_DIM)));
	PG_RETURN_INT32(values[0]);
}

PG_FUNCTION_INFO_V1(vector_recv);
Datum
vector_recv(PG_FUNCTION_ARGS)
{
	StringInfo	buffer = (StringInfo) PG_GETARG_POINTER(0);
	int32		typmod = PG_GETARG_INT32(2);
	int16		dim = pq_getmsgint(buffer, sizeof(int16));
	int16		unused = pq_getmsgint(buffer, sizeof(int16));
	Vector	   *result;

	check_dim(dim);
	check_expected_dim(typmod, dim);
	if (unused != 0)
		ereport(ERROR, (errcode(ERRCODE_DATA_EXCEPTION),
						errmsg("expected unused to be 0, not %d", unused)));
	result = new_vector(dim);
	for (int i = 0; i < dim; i++)
	{
		result->x[i] = pq_getmsgfloat4(buffer);
		check_element(result->x[i]);
	}
	PG_RETURN_VECTOR_P(result);
}

PG_FUNCTION_INFO_V1(vector_send);
Datum
vector_send(PG_FUNCTION_ARGS)
{
	Vector	   *vector = PG_GETARG_VECTOR_P(0);
	StringInfoData out;

	pq_begintypsend(&out);
	pq_sendint(&out, vector->dim, sizeof(int16));
	pq_sendint(&out, vector->unused, sizeof(int16));
	for (int i = 0; i < vector->dim; i++)
		pq_sendfloat4(&out, vector->x[i]);
	PG_RETURN_BYTEA_P(pq_endtypsend(&out));
}

/* The length coercion behind vector(n): casting or assigning to a typed column checks n. */
PG_FUNCTION_INFO_V1(vector);
Datum
vector(PG_FUNCTION_ARGS)
{
	Vector	   *vector = PG_GETARG_VECTOR_P(0);

	check_expected_dim(PG_GETARG_INT32(1), vector->dim);
	PG_RETURN_VECTOR_P(vector);
}

/* integer[], real[], double precision[] and numeric[] to vector, with the target's typmod. */
PG_FUNCTION_INFO_V1(array_to_vector);
Datum
array_to_vector(PG_FUNCTION_ARGS)
{
	ArrayType  *array = PG_GETARG_ARRAYTYPE_P(0);
	int32		typmod = PG_GETARG_INT32(1);
	Oid			element = ARR_ELEMTYPE(array);
	int16		typlen;
	bool		typbyval;
	char		typalign;
	Datum	   *items;
	bool	   *nulls;
	int			count;
	Vector	   *result;

	if (ARR_NDIM(array) > 1)
		ereport(ERROR, (errcode(ERRCODE_DATA_EXCEPTION), errmsg("array must be 1-D")));
	if (ARR_HASNULL(array) && array_contains_nulls(array))
		ereport(ERROR, (errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED), errmsg("array must not contain nulls")));
	get_typlenbyvalalign(element, &typlen, &typbyval, &typalign);
	deconstruct_array(array, element, typlen, typbyval, typalign, &items, &nulls, &count);
	check_dim(count);
	check_expected_dim(typmod, count);
	result = new_vector(count);
	for (int i = 0; i < count; i++)
	{
		switch (element)
		{
			case INT4OID:
				result->x[i] = (float) DatumGetInt32(items[i]);
				break;
			case FLOAT8OID:
				result->x[i] = (float) DatumGetFloat8(items[i]);
				break;
			case FLOAT4OID:
				result->x[i] = DatumGetFloat4(items[i]);
				break;
			case NUMERICOID:
				result->x[i] = DatumGetFloat4(DirectFunctionCall1(numeric_float4, items[i]));
				break;
			default:
				ereport(ERROR, (errcode(ERRCODE_DATA_EXCEPTION), errmsg("unsupported array type")));
		}
		check_element(result->x[i]);
	}
	PG_RETURN_VECTOR_P(result);
}

PG_FUNCTION_INFO_V1(vector_to_float4);
Datum
vector_to_float4(PG_FUNCTION_ARGS)
{
	Vector	   *vector = PG_GETARG_VECTOR_P(0);
	Datum	   *items = palloc(sizeof(Datum) * vector->dim);

	for (int i = 0; i < vector->dim; i++)
		items[i] = Float4GetDatum(vector->x[i]);
	PG_RETURN_ARRAYTYPE_P(construct_array(items, vector->dim, FLOAT4OID, sizeof(float4), true, TYPALIGN_INT));
}
