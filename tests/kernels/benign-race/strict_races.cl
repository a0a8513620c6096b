// --strict-races: the benign races of every work-item writing back what it read are errors.
// args: --strict-races
// expect: benign-race global line 7,6 hazard RAW race read-write severity error value 05000000 count 1
// expect: benign-race global line 6,7 hazard WAR race read-write severity error value 05000000 count 1
__kernel void strict_races(__global int *a) {
    int v = a[0];
    a[0] = v;
}
// EXACT Argument 'a': 4 bytes
// EXACT   a[0] = 5
