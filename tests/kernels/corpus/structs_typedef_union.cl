// Typedef'd structs, anonymous nesting, unions for type punning,
// enums and struct assignment / pass-by-value into helper functions.

typedef enum { SHAPE_CIRCLE = 0, SHAPE_RECT = 1, SHAPE_TRI = 2 } ShapeKind;

typedef struct { float x, y; } Vec2;

typedef union {
    float f;
    uint u;
    uchar bytes[4];
} FloatBits;

typedef struct Shape {
    ShapeKind kind;
    Vec2 origin;
    union {
        float radius;
        Vec2 size;
        Vec2 verts[2];     // two more vertices, origin is the first
    } u;
} Shape;

float shape_area(Shape s)
{
    switch (s.kind) {
    case SHAPE_CIRCLE:
        return M_PI_F * s.u.radius * s.u.radius;
    case SHAPE_RECT:
        return s.u.size.x * s.u.size.y;
    case SHAPE_TRI: {
        Vec2 a = s.origin, b = s.u.verts[0], c = s.u.verts[1];
        return 0.5f * fabs((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y));
    }
    default:
        return 0.0f;
    }
}

__kernel void areas(__global const Shape *shapes, __global float *area, __global uint *bits)
{
    size_t i = get_global_id(0);
    Shape s = shapes[i];
    FloatBits fb;
    fb.f = shape_area(s);
    area[i] = fb.f;
    bits[i] = fb.u ^ ((uint)fb.bytes[0] << 24);
}
