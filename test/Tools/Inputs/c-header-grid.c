/* Calls the _grid and _auto functions of c-header-grid.h (from
 * c-header-grid.mlir) without a GPU: grids computed from shapes and
 * scalars, an empty problem that launches nothing, a grid out of range,
 * and a persistent grid, which needs the device's multiprocessor count. */
#include "c-header-grid.h"

#include <stdio.h>

static void show(const char *what, int code, const unsigned grid[3],
                 const TileRtError *error) {
  if (code)
    printf("%s: code %d: %s\n", what, code, error->message);
  else
    printf("%s: grid %u x %u x %u\n", what, grid[0], grid[1], grid[2]);
}

int main(void) {
  int64_t aShape[2] = {1000, 512}, aStrides[2] = {512, 1};
  int64_t bShape[2] = {512, 1000}, bStrides[2] = {1000, 1};
  unsigned grid[3] = {0, 0, 0};
  TileRtError error = {0, ""};
  /* x = ceil(1000 / 128) * ceil(1000 / 256) = 8 * 4, z = 2 + 0 - 1 */
  int code = tile_kernels_tiles_grid(grid, NULL, aShape, aStrides, NULL,
                                     bShape, bStrides, 16, 9, &error);
  show("tiles", code, grid, &error);
  /* Floor and modulo round as MLIR's maps: z = -2 + 2 - 1 = -1 */
  code = tile_kernels_tiles_grid(grid, NULL, aShape, aStrides, NULL, bShape,
                                 bStrides, 16, -7, &error);
  show("negative z", code, grid, &error);
  /* M = 0: nothing to launch, so no GPU is needed either. */
  aShape[0] = 0;
  code = tile_kernels_tiles_auto(NULL, NULL, aShape, aStrides, NULL, bShape,
                                 bStrides, 16, 9, &error);
  printf("empty: code %d\n", code);
  aShape[0] = 1000;
  code = tile_kernels_persistent_grid(grid, NULL, aShape, aStrides, 4096,
                                      &error);
  show("persistent", code, grid, &error);
  return 0;
}
