// One compare-exchange step of a global bitonic sort. The host launches it
// log2(n)*(log2(n)+1)/2 times with (stage, pass) and n/2 work-items.

__kernel void bitonic_step(__global int *keys,
                           const uint stage,
                           const uint pass_of_stage,
                           const uint ascending)
{
    uint tid = get_global_id(0);
    uint pair_distance = 1u << (stage - pass_of_stage);
    uint block_width = 2u * pair_distance;

    uint left_id = (tid % pair_distance) + (tid / pair_distance) * block_width;
    uint right_id = left_id + pair_distance;

    int left = keys[left_id];
    int right = keys[right_id];

    uint same_direction_block_width = 1u << stage;
    uint dir = ascending;
    if ((tid / same_direction_block_width) % 2 == 1)
        dir = 1u - dir;

    int greater = left > right ? left : right;
    int lesser = left > right ? right : left;

    keys[left_id] = dir ? lesser : greater;
    keys[right_id] = dir ? greater : lesser;
}
