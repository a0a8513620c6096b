// A parameter whose type has no default .sim element type.
typedef struct { int a; } S;
kernel void st(global S* p) {
}
