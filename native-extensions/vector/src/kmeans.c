/*
 * Lloyd's k-means with k-means++ seeding, over the sample ivfflat takes at build time. Seeding
 * spreads the first centers apart, so a few iterations are enough for lists good enough to
 * probe; more would cost build time for little recall.
 */
#include "postgres.h"

#include <float.h>
#include <math.h>

#include "common/pg_prng.h"
#include "kmeans.h"
#include "miscadmin.h"
#include "utils/memutils.h"

#define KMEANS_ITERATIONS 15

static double
squared_distance(const float *a, const float *b, int dim)
{
	double		sum = 0;

	for (int i = 0; i < dim; i++)
	{
		double		diff = (double) a[i] - b[i];

		sum += diff * diff;
	}
	return sum;
}

static void
normalize(float *v, int dim)
{
	double		norm = 0;

	for (int i = 0; i < dim; i++)
		norm += (double) v[i] * v[i];
	norm = sqrt(norm);
	if (norm > 0)
		for (int i = 0; i < dim; i++)
			v[i] /= norm;
}

/* k-means++: each next center drawn with probability proportional to its squared distance. */
static void
seed(const float *samples, int n, int dim, int k, float *centers, pg_prng_state *draws)
{
	double	   *nearest = palloc_extended(sizeof(double) * n, MCXT_ALLOC_HUGE);

	memcpy(centers, samples + (size_t) pg_prng_uint64_range(draws, 0, n - 1) * dim, sizeof(float) * dim);
	for (int i = 0; i < n; i++)
		nearest[i] = squared_distance(samples + (size_t) i * dim, centers, dim);
	for (int c = 1; c < k; c++)
	{
		double		total = 0;
		double		target;
		int			chosen = n - 1;

		for (int i = 0; i < n; i++)
			total += nearest[i];
		target = pg_prng_double(draws) * total;
		for (int i = 0; i < n; i++)
		{
			target -= nearest[i];
			if (target <= 0)
			{
				chosen = i;
				break;
			}
		}
		memcpy(centers + (size_t) c * dim, samples + (size_t) chosen * dim, sizeof(float) * dim);
		for (int i = 0; i < n; i++)
		{
			double		d = squared_distance(samples + (size_t) i * dim, centers + (size_t) c * dim, dim);

			if (d < nearest[i])
				nearest[i] = d;
		}
	}
	pfree(nearest);
}

void
kmeans(const float *samples, int n, int dim, int k, bool spherical, float *centers, pg_prng_state *draws)
{
	int		   *assigned;
	int		   *counts;
	double	   *sums;

	if (n == 0)
	{
		memset(centers, 0, sizeof(float) * dim * k);
		return;
	}
	if (n <= k)
	{
		for (int c = 0; c < k; c++)
		{
			memcpy(centers + (size_t) c * dim, samples + (size_t) (c % n) * dim, sizeof(float) * dim);
			if (spherical)
				normalize(centers + (size_t) c * dim, dim);
		}
		return;
	}
	seed(samples, n, dim, k, centers, draws);
	if (spherical)
		for (int c = 0; c < k; c++)
			normalize(centers + (size_t) c * dim, dim);
	assigned = palloc_extended(sizeof(int) * n, MCXT_ALLOC_HUGE);
	counts = palloc(sizeof(int) * k);
	sums = palloc_extended(sizeof(double) * k * dim, MCXT_ALLOC_HUGE);
	for (int i = 0; i < n; i++)
		assigned[i] = -1;
	for (int iteration = 0; iteration < KMEANS_ITERATIONS; iteration++)
	{
		int			changed = 0;

		CHECK_FOR_INTERRUPTS();
		for (int i = 0; i < n; i++)
		{
			int			best = 0;
			double		best_distance = DBL_MAX;

			for (int c = 0; c < k; c++)
			{
				double		d = squared_distance(samples + (size_t) i * dim, centers + (size_t) c * dim, dim);

				if (d < best_distance)
				{
					best_distance = d;
					best = c;
				}
			}
			if (assigned[i] != best)
				changed++;
			assigned[i] = best;
		}
		if (changed == 0)
			break;
		memset(counts, 0, sizeof(int) * k);
		memset(sums, 0, sizeof(double) * k * dim);
		for (int i = 0; i < n; i++)
		{
			counts[assigned[i]]++;
			for (int j = 0; j < dim; j++)
				sums[(size_t) assigned[i] * dim + j] += samples[(size_t) i * dim + j];
		}
		for (int c = 0; c < k; c++)
		{
			/* An empty cluster takes a random sample: a list with no rows would waste a probe. */
			if (counts[c] == 0)
				memcpy(centers + (size_t) c * dim,
					   samples + (size_t) pg_prng_uint64_range(draws, 0, n - 1) * dim, sizeof(float) * dim);
			else
				for (int j = 0; j < dim; j++)
					centers[(size_t) c * dim + j] = sums[(size_t) c * dim + j] / counts[c];
			if (spherical)
				normalize(centers + (size_t) c * dim, dim);
		}
	}
	pfree(assigned);
	pfree(counts);
	pfree(sums);
}
