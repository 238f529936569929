/*===- target.c - The target table through the C API ---------------------===*\
|*                                                                            *|
|* A C program that asks TileMLIR's target table (tile-c/Chips.h) which     *|
|* chips the tools accept, which one is the default, how the supported ones  *|
|* are listed in messages and help texts, and which PTX ISA version and      *|
|* tensor memory a chip has, including chips outside the table.              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

// RUN: tile-capi-target-test 2>&1 | FileCheck %s

#include "tile-c/Chips.h"

#include <stdio.h>

static void describe(const char *chip) {
  printf("%s: supported %d, features %s, tensor memory %d\n", chip,
         tileChipIsSupported(chip), tileChipGetPtxFeatures(chip),
         tileChipHasTensorMemory(chip));
}

int main(void) {
  // CHECK: default: sm_90a
  printf("default: %s\n", tileChipGetDefault());
  // CHECK-NEXT: supported: sm_90a or sm_100a
  printf("supported: %s\n", tileChipListSupported());
  // CHECK-NEXT: help: sm_90a (default) or sm_100a
  printf("help: %s\n", tileChipListSupportedWithDefault());

  // CHECK-NEXT: sm_90a: supported 1, features +ptx80, tensor memory 0
  describe("sm_90a");
  // CHECK-NEXT: sm_100a: supported 1, features +ptx86, tensor memory 1
  describe("sm_100a");
  // Known to the lowering (its tcgen05 operations), not offered by --chip.
  // CHECK-NEXT: sm_101a: supported 0, features +ptx86, tensor memory 1
  describe("sm_101a");
  // Outside the table: no PTX ISA version (sm_120a needs 8.7, newer than
  // any row's), so that NVPTX takes the chip's own.
  // CHECK-NEXT: sm_120a: supported 0, features , tensor memory 0
  describe("sm_120a");
  // CHECK-NEXT: sm_90: supported 0, features , tensor memory 0
  describe("sm_90");
  // CHECK-NEXT: sm_80: supported 0, features , tensor memory 0
  describe("sm_80");
  // CHECK-NEXT: gfx942: supported 0, features , tensor memory 0
  describe("gfx942");
  return 0;
}
