// One level of a breadth-first search on a CSR graph. Each work-item handles a
// vertex in the current frontier mask and marks unvisited neighbours for the next
// level. Benign write-write races on `next` and `cost` (same value written).

__kernel void bfs_level(__global const int *row_off,
                        __global const int *adj,
                        __global char *frontier,
                        __global char *next,
                        __global char *visited,
                        __global int *cost,
                        __global int *changed,
                        const int nverts)
{
    int v = get_global_id(0);
    if (v >= nverts || !frontier[v])
        return;

    frontier[v] = 0;
    for (int e = row_off[v]; e < row_off[v + 1]; ++e) {
        int u = adj[e];
        if (!visited[u]) {
            cost[u] = cost[v] + 1;
            next[u] = 1;
            *changed = 1;
        }
    }
}

__kernel void bfs_advance(__global char *frontier, __global char *next,
                          __global char *visited, const int nverts)
{
    int v = get_global_id(0);
    if (v < nverts && next[v]) {
        frontier[v] = 1;
        visited[v] = 1;
        next[v] = 0;
    }
}
