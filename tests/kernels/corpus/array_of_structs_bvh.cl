// Ray vs. axis-aligned bounding boxes stored as an array of structs,
// with an explicit stack (private array) for a tiny BVH traversal.

typedef struct {
    float3 lo;
    float3 hi;
    int left;       // child index or -1
    int right;
    int prim;       // leaf primitive or -1
    int pad;
} BvhNode;

typedef struct { float3 o; float3 inv_d; } Ray;

bool hit_box(const Ray *r, __global const BvhNode *n, float tmax)
{
    float3 t0 = (n->lo - r->o) * r->inv_d;
    float3 t1 = (n->hi - r->o) * r->inv_d;
    float3 tmin3 = fmin(t0, t1), tmax3 = fmax(t0, t1);
    float tn = fmax(fmax(tmin3.x, tmin3.y), tmin3.z);
    float tf = fmin(fmin(tmax3.x, tmax3.y), tmax3.z);
    return tn <= tf && tf >= 0.0f && tn < tmax;
}

__kernel void count_hits(__global const BvhNode *nodes,
                         __global const float4 *dirs,
                         const float4 origin,
                         __global int *hits)
{
    Ray r;
    r.o = origin.xyz;
    r.inv_d = 1.0f / dirs[get_global_id(0)].xyz;

    int stack[16];
    int sp = 0;
    int count = 0;
    stack[sp++] = 0;
    while (sp > 0) {
        int idx = stack[--sp];
        __global const BvhNode *n = &nodes[idx];
        if (!hit_box(&r, n, 1e30f))
            continue;
        if (n->prim >= 0) {
            count++;
        } else if (sp + 2 <= 16) {
            stack[sp++] = n->left;
            stack[sp++] = n->right;
        }
    }
    hits[get_global_id(0)] = count;
}
