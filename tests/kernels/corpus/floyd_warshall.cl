// One k-iteration of Floyd-Warshall all-pairs shortest paths on a dense
// n x n distance matrix, with the path matrix updated alongside.

#define INF_DIST 0x3fffffff

__kernel void floyd_warshall_pass(__global uint *dist,
                                  __global uint *path,
                                  const uint n,
                                  const uint k)
{
    uint x = get_global_id(0);
    uint y = get_global_id(1);
    if (x >= n || y >= n)
        return;

    uint yx = y * n + x;
    uint yk = y * n + k;
    uint kx = k * n + x;

    uint via = dist[yk] + dist[kx];
    if (dist[yk] < INF_DIST && dist[kx] < INF_DIST && via < dist[yx]) {
        dist[yx] = via;
        path[yx] = k;
    }
}
