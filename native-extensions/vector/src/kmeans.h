/* k-means for ivfflat's lists (kmeans.c). */
#ifndef NATIVE_VECTOR_KMEANS_H
#define NATIVE_VECTOR_KMEANS_H

#include "common/pg_prng.h"

/*
 * Fills `centers` (k rows of dim floats) with k-means centers of the n samples (rows of dim
 * floats). Spherical: centers are scaled to length 1 after each step, for cosine and inner
 * product classes. Fewer samples than k: the samples, repeated. Its random draws come from
 * `draws`, so a build seeded alike makes the same lists.
 */
extern void kmeans(const float *samples, int n, int dim, int k, bool spherical, float *centers, pg_prng_state *draws);

#endif
