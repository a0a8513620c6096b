// Control flow variety: switch with fall-through, do-while, goto for error exits,
// break/continue in nested loops, the comma operator and the ternary operator.

#define ERR_NEGATIVE -1
#define ERR_OVERFLOW -2

int classify(int v)
{
    int r = 0;
    switch (v & 7) {
    case 0:
        r += 100;
        /* fall through */
    case 1:
    case 2:
        r += 10;
        break;
    case 3: {
        int t = v * 3;
        r = t;
        break;
    }
    default:
        r = -v;
    }
    return r;
}

__kernel void control(__global const int *in, __global int *out, __global int *status)
{
    int i = get_global_id(0);
    int v = in[i];
    int acc = 0;
    int err = 0;

    if (v < 0) {
        err = ERR_NEGATIVE;
        goto fail;
    }

    int n = v;
    do {
        acc += n & 1;
        n >>= 1;
    } while (n != 0);

    for (int a = 0, b = 10; a < b; ++a, --b) {
        if (a == 2)
            continue;
        for (int k = 0; k < 4; k++) {
            if (k * a > 6)
                break;
            acc += k;
        }
        if (acc > 1000) {
            err = ERR_OVERFLOW;
            goto fail;
        }
    }

    out[i] = acc + classify(v);
    status[i] = 0;
    return;

fail:
    out[i] = 0;
    status[i] = err;
}
