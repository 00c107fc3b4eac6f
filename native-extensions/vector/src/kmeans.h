/* k-means for ivfflat's lists (kmeans.c). */
#ifndef NATIVE_VECTOR_KMEANS_H
#define NATIVE_VECTOR_KMEANS_H

/*
 * Fills `centers` (k rows of dim floats) with k-means centers of the n samples (rows of dim
 * floats). Spherical: centers are scaled to length 1 after each step, for cosine and inner
 * product classes. Fewer samples than k: the samples, repeated.
 */
extern void kmeans(const float *samples, int n, int dim, int k, bool spherical, float *centers);

#endif
