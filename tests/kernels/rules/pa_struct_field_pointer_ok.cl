// Legal: a struct member that points into __global (the member itself is unqualified).
struct Node {
    global int *data;
    int n;
};
kernel void k(global int *g) {
    struct Node node = {g, 1};
    node.data[0] = node.n;
}
