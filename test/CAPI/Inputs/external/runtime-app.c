/* Links against TileMLIR::TestSupport (and, through it, TileMLIR::Runtime)
 * from an installed TileMLIR; built by find-package.test, not run. */
#include "tile-runtime/TestSupport.h"

#include <stdio.h>

int main(void) {
  double times[] = {3.0, 1.0, 2.0};
  printf("median: %g\n", tileRtMedian(times, 3));
  printf("gpu: %d\n", tileRtHasGpu());
  return tileRtExitStatus();
}
