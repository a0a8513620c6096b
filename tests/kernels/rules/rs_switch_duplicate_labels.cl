// C99 6.8.4.2p3: no two case constants of one switch may have the same value, and a switch
// has at most one default label (clang: "duplicate case value", "multiple default labels").
// A nested switch has labels of its own.
kernel void k(global int *o, int x) {
    switch (x) {
    case 1:
        o[0] = 1;
        break;
    case 2 - 1: // expect-error: duplicate-case
        o[0] = 2;
        break;
    case 3:
        switch (x + 1) {
        case 1:
        case 3:
        default:
            o[1] = 3;
        }
        break;
    default:
        o[0] = 4;
        break;
    default: // expect-error: duplicate-case
        o[0] = 5;
    }
}
