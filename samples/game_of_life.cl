// game_of_life: one generation of Conway's game of life on a 16x16 torus, with images.
// What it teaches: normalized coordinates and CLK_ADDRESS_REPEAT -- a read at x = -1 wraps
// to the last column, so the board has no edges and the kernel no special cases. Texel
// centres are at (x + 0.5) / width (OpenCL 1.2 API spec 8.2).
// Watch in the debugger: the glider in the top-left corner; the cells of work-group (0,0)
// read neighbours from the far side of the board (groups (3,0), (0,3) and (3,3)).
// Rules: a live cell with 2 or 3 live neighbours lives; a dead cell with 3 is born.

constant sampler_t torus =
    CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_NEAREST;

__kernel void life_step(read_only image2d_t board, write_only image2d_t next)
{
    const int x = get_global_id(0);
    const int y = get_global_id(1);
    const float2 size = (float2)(get_image_width(board), get_image_height(board));

    uint neighbours = 0;
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
            if (dx == 0 && dy == 0)
                continue;
            float2 at = ((float2)(x + dx, y + dy) + 0.5f) / size;
            neighbours += read_imageui(board, torus, at).x;
        }
    uint alive = read_imageui(board, (int2)(x, y)).x; // sampler-less read (OpenCL C 2.0)
    uint lives = (neighbours == 3 || (alive && neighbours == 2)) ? 1 : 0;
    write_imageui(next, (int2)(x, y), (uint4)(lives, 0, 0, 1));
}
