/*
 * What the vector type computes: the distances (the operators <->, <#>, <=> and the functions
 * behind them, shared with the index access methods), element-wise arithmetic, the ordering
 * that btree and comparisons use, and the avg and sum aggregates. Sums run in single precision
 * as pgvector's do, so results match its to the last bit for the same inputs.
 */
#include "postgres.h"

#include <math.h>

#include "vector.h"
#include "catalog/pg_type.h"
#include "utils/array.h"
#include "utils/float.h"

double
vector_l2_squared(const Vector *a, const Vector *b)
{
	float		sum = 0.0f;

	for (int i = 0; i < a->dim; i++)
	{
		float		diff = a->x[i] - b->x[i];

		sum += diff * diff;
	}
	return (double) sum;
}

double
vector_ip(const Vector *a, const Vector *b)
{
	float		sum = 0.0f;

	for (int i = 0; i < a->dim; i++)
		sum += a->x[i] * b->x[i];
	return (double) sum;
}

/* 1 - cos(angle); NaN when either vector is zero, as pgvector answers. */
double
vector_cosine(const Vector *a, const Vector *b)
{
	float		dot = 0.0f;
	float		norm_a = 0.0f;
	float		norm_b = 0.0f;
	double		similarity;

	for (int i = 0; i < a->dim; i++)
	{
		dot += a->x[i] * b->x[i];
		norm_a += a->x[i] * a->x[i];
		norm_b += b->x[i] * b->x[i];
	}
	similarity = (double) dot / sqrt((double) norm_a * (double) norm_b);
	if (isnan(similarity))
		return get_float8_nan();
	/* Rounding can step just outside [-1, 1]; a distance must not go below 0 or above 2. */
	if (similarity > 1)
		similarity = 1;
	else if (similarity < -1)
		similarity = -1;
	return 1 - similarity;
}

Vector *
normalized_vector(const Vector *v)
{
	double		norm = 0;
	Vector	   *result;

	for (int i = 0; i < v->dim; i++)
		norm += (double) v->x[i] * v->x[i];
	norm = sqrt(norm);
	if (norm == 0)
		return NULL;
	result = new_vector(v->dim);
	for (int i = 0; i < v->dim; i++)
		result->x[i] = v->x[i] / norm;
	return result;
}

PG_FUNCTION_INFO_V1(l2_distance);
Datum
l2_distance(PG_FUNCTION_ARGS)
{
	Vector	   *a = PG_GETARG_VECTOR_P(0);
	Vector	   *b = PG_GETARG_VECTOR_P(1);

	check_dims(a, b);
	PG_RETURN_FLOAT8(sqrt(vector_l2_squared(a, b)));
}

/* The square of l2_distance: same order, no square root, what the indexes compare. */
PG_FUNCTION_INFO_V1(vector_l2_squared_distance);
Datum
vector_l2_squared_distance(PG_FUNCTION_ARGS)
{
	Vector	   *a = PG_GETARG_VECTOR_P(0);
	Vector	   *b = PG_GETARG_VECTOR_P(1);

	check_dims(a, b);
	PG_RETURN_FLOAT8(vector_l2_squared(a, b));
}

PG_FUNCTION_INFO_V1(inner_product);
Datum
inner_product(PG_FUNCTION_ARGS)
{
	Vector	   *a = PG_GETARG_VECTOR_P(0);
	Vector	   *b = PG_GETARG_VECTOR_P(1);

	check_dims(a, b);
	PG_RETURN_FLOAT8(vector_ip(a, b));
}

/* <#>: negated so that ascending order (what an index scan returns) is the largest product first. */
PG_FUNCTION_INFO_V1(vector_negative_inner_product);
Datum
vector_negative_inner_product(PG_FUNCTION_ARGS)
{
	Vector	   *a = PG_GETARG_VECTOR_P(0);
	Vector	   *b = PG_GETARG_VECTOR_P(1);

	check_dims(a, b);
	PG_RETURN_FLOAT8(-vector_ip(a, b));
}

PG_FUNCTION_INFO_V1(cosine_distance);
Datum
cosine_distance(PG_FUNCTION_ARGS)
{
	Vector	   *a = PG_GETARG_VECTOR_P(0);
	Vector	   *b = PG_GETARG_VECTOR_P(1);

	check_dims(a, b);
	PG_RETURN_FLOAT8(vector_cosine(a, b));
}

PG_FUNCTION_INFO_V1(l1_distance);
Datum
l1_distance(PG_FUNCTION_ARGS)
{
	Vector	   *a = PG_GETARG_VECTOR_P(0);
	Vector	   *b = PG_GETARG_VECTOR_P(1);
	float		sum = 0.0f;

	check_dims(a, b);
	for (int i = 0; i < a->dim; i++)
		sum += fabsf(a->x[i] - b->x[i]);
	PG_RETURN_FLOAT8((double) sum);
}

PG_FUNCTION_INFO_V1(vector_dims);
Datum
vector_dims(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(PG_GETARG_VECTOR_P(0)->dim);
}

PG_FUNCTION_INFO_V1(vector_norm);
Datum
vector_norm(PG_FUNCTION_ARGS)
{
	Vector	   *a = PG_GETARG_VECTOR_P(0);
	double		sum = 0.0;

	for (int i = 0; i < a->dim; i++)
		sum += (double) a->x[i] * (double) a->x[i];
	PG_RETURN_FLOAT8(sqrt(sum));
}

/* Element-wise + - *: an infinite result is an overflow, a zero from non-zero factors an underflow. */
static Vector *
elementwise(Vector *a, Vector *b, char op)
{
	Vector	   *result;

	check_dims(a, b);
	result = new_vector(a->dim);
	for (int i = 0; i < a->dim; i++)
	{
		float		value = op == '+' ? a->x[i] + b->x[i] : op == '-' ? a->x[i] - b->x[i] : a->x[i] * b->x[i];

		if (isinf(value))
			float_overflow_error();
		if (op == '*' && value == 0 && a->x[i] != 0 && b->x[i] != 0)
			float_underflow_error();
		result->x[i] = value;
	}
	return result;
}

PG_FUNCTION_INFO_V1(vector_add);
Datum
vector_add(PG_FUNCTION_ARGS)
{
	PG_RETURN_VECTOR_P(elementwise(PG_GETARG_VECTOR_P(0), PG_GETARG_VECTOR_P(1), '+'));
}

PG_FUNCTION_INFO_V1(vector_sub);
Datum
vector_sub(PG_FUNCTION_ARGS)
{
	PG_RETURN_VECTOR_P(elementwise(PG_GETARG_VECTOR_P(0), PG_GETARG_VECTOR_P(1), '-'));
}

PG_FUNCTION_INFO_V1(vector_mul);
Datum
vector_mul(PG_FUNCTION_ARGS)
{
	PG_RETURN_VECTOR_P(elementwise(PG_GETARG_VECTOR_P(0), PG_GETARG_VECTOR_P(1), '*'));
}

/*
 * The total order of vectors: element by element over the common length, then the shorter
 * first. Vectors of different lengths compare rather than fail, so a btree can hold both.
 */
static int
compare(const Vector *a, const Vector *b)
{
	int			common = Min(a->dim, b->dim);

	for (int i = 0; i < common; i++)
	{
		if (a->x[i] < b->x[i])
			return -1;
		if (a->x[i] > b->x[i])
			return 1;
	}
	return a->dim < b->dim ? -1 : a->dim > b->dim ? 1 : 0;
}

PG_FUNCTION_INFO_V1(vector_cmp);
Datum
vector_cmp(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(compare(PG_GETARG_VECTOR_P(0), PG_GETARG_VECTOR_P(1)));
}

#define COMPARISON(name, test) \
	PG_FUNCTION_INFO_V1(name); \
	Datum name(PG_FUNCTION_ARGS) \
	{ \
		int			order = compare(PG_GETARG_VECTOR_P(0), PG_GETARG_VECTOR_P(1)); \
		PG_RETURN_BOOL(test); \
	}

COMPARISON(vector_lt, order < 0)
COMPARISON(vector_le, order <= 0)
COMPARISON(vector_eq, order == 0)
COMPARISON(vector_ne, order != 0)
COMPARISON(vector_ge, order >= 0)
COMPARISON(vector_gt, order > 0)

/*
 * avg's state is a double precision[]: the row count, then the running sums. Double precision
 * keeps the average of many rows exact enough; the result is rounded to single precision once.
 */
static float8 *
state_values(ArrayType *state, int *count)
{
	if (ARR_NDIM(state) != 1 || ARR_HASNULL(state) || ARR_ELEMTYPE(state) != FLOAT8OID)
		elog(ERROR, "vector aggregate state must be a one-dimensional double precision array without nulls");
	*count = ARR_DIMS(state)[0];
	return (float8 *) ARR_DATA_PTR(state);
}

static ArrayType *
make_state(const float8 *values, int count)
{
	Datum	   *items = palloc(sizeof(Datum) * count);

	for (int i = 0; i < count; i++)
		items[i] = Float8GetDatum(values[i]);
	return construct_array(items, count, FLOAT8OID, sizeof(float8), FLOAT8PASSBYVAL, TYPALIGN_DOUBLE);
}

PG_FUNCTION_INFO_V1(vector_accum);
Datum
vector_accum(PG_FUNCTION_ARGS)
{
	int			count;
	float8	   *state = state_values(PG_GETARG_ARRAYTYPE_P(0), &count);
	Vector	   *row = PG_GETARG_VECTOR_P(1);
	float8	   *next;

	if (count > 1 && count - 1 != row->dim)
		ereport(ERROR, (errcode(ERRCODE_DATA_EXCEPTION),
						errmsg("expected %d dimensions, not %d", count - 1, row->dim)));
	next = palloc0(sizeof(float8) * (row->dim + 1));
	next[0] = state[0] + 1;
	for (int i = 0; i < row->dim; i++)
	{
		next[i + 1] = (count > 1 ? state[i + 1] : 0) + row->x[i];
		if (isinf(next[i + 1]))
			float_overflow_error();
	}
	PG_RETURN_ARRAYTYPE_P(make_state(next, row->dim + 1));
}

PG_FUNCTION_INFO_V1(vector_combine);
Datum
vector_combine(PG_FUNCTION_ARGS)
{
	int			count_a;
	int			count_b;
	float8	   *a = state_values(PG_GETARG_ARRAYTYPE_P(0), &count_a);
	float8	   *b = state_values(PG_GETARG_ARRAYTYPE_P(1), &count_b);
	float8	   *next;

	/* A state of one element has seen no rows: the other one is the answer. */
	if (count_a == 1)
		PG_RETURN_ARRAYTYPE_P(make_state(b, count_b));
	if (count_b == 1)
		PG_RETURN_ARRAYTYPE_P(make_state(a, count_a));
	if (count_a != count_b)
		ereport(ERROR, (errcode(ERRCODE_DATA_EXCEPTION),
						errmsg("expected %d dimensions, not %d", count_a - 1, count_b - 1)));
	next = palloc(sizeof(float8) * count_a);
	for (int i = 0; i < count_a; i++)
		next[i] = a[i] + b[i];
	PG_RETURN_ARRAYTYPE_P(make_state(next, count_a));
}

PG_FUNCTION_INFO_V1(vector_avg);
Datum
vector_avg(PG_FUNCTION_ARGS)
{
	int			count;
	float8	   *state = state_values(PG_GETARG_ARRAYTYPE_P(0), &count);
	Vector	   *result;

	/* avg of no rows is null, as for numbers. */
	if (state[0] == 0)
		PG_RETURN_NULL();
	result = new_vector(count - 1);
	for (int i = 0; i < result->dim; i++)
	{
		result->x[i] = (float) (state[i + 1] / state[0]);
		check_element(result->x[i]);
	}
	PG_RETURN_VECTOR_P(result);
}
