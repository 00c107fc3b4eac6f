/*
 * The vector type shared by every source file of the native runtime's vector extension: its
 * on-disk layout (a varlena with the dimension count and single-precision elements, as
 * pgvector 0.6 stores it, so dumps and binary copies read the same) and the checks that give
 * pgvector's error messages.
 */
#ifndef NATIVE_VECTOR_H
#define NATIVE_VECTOR_H

#include "postgres.h"
#include "fmgr.h"

#define VECTOR_MAX_DIM 16000

typedef struct Vector
{
	int32		vl_len_;		/* varlena header: never touched directly */
	int16		dim;			/* number of elements */
	int16		unused;			/* zero; kept so the binary format matches pgvector's */
	float		x[FLEXIBLE_ARRAY_MEMBER];
} Vector;

#define VECTOR_SIZE(_dim) (offsetof(Vector, x) + sizeof(float) * (_dim))
#define DatumGetVector(d) ((Vector *) PG_DETOAST_DATUM(d))
#define PG_GETARG_VECTOR_P(n) DatumGetVector(PG_GETARG_DATUM(n))
#define PG_RETURN_VECTOR_P(v) PG_RETURN_POINTER(v)

extern Vector *new_vector(int dim);
extern void check_dims(const Vector *a, const Vector *b);
extern void check_expected_dim(int32 typmod, int dim);
extern void check_dim(int dim);
extern void check_element(float value);
extern double vector_l2_squared(const Vector *a, const Vector *b);
extern double vector_ip(const Vector *a, const Vector *b);
extern double vector_cosine(const Vector *a, const Vector *b);
/* A copy of `v` scaled to length 1, or NULL for a zero vector (which has no direction). */
extern Vector *normalized_vector(const Vector *v);

/* SQL-callable, named here so the indexes can recognise them and compute without fmgr. */
extern PGDLLEXPORT Datum vector_l2_squared_distance(PG_FUNCTION_ARGS);
extern PGDLLEXPORT Datum vector_negative_inner_product(PG_FUNCTION_ARGS);

#endif
