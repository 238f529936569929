/* A stand-in for lib/Runtime in tests: the mgpu* entry points that
 * gpu-to-llvm code calls, printing what they are asked to do instead of
 * touching a GPU. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

void *mgpuModuleLoad(void *data, size_t size) {
  const unsigned char *bytes = data;
  printf("stub: load module of %zu bytes (%s)\n", size,
         size > 4 && bytes[0] == 0x7f && bytes[1] == 'E' ? "ELF" : "not ELF");
  return data;
}
void mgpuModuleUnload(void *module) { (void)module; }
void *mgpuModuleGetFunction(void *module, const char *name) {
  (void)module;
  printf("stub: function %s\n", name);
  return (void *)name;
}
void mgpuLaunchKernel(void *function, intptr_t gx, intptr_t gy, intptr_t gz,
                      intptr_t bx, intptr_t by, intptr_t bz, int32_t smem,
                      void *stream, void **params, void **extra,
                      size_t numParams) {
  (void)stream, (void)params, (void)extra;
  printf("stub: launch %s grid %ldx%ldx%ld block %ldx%ldx%ld smem %d "
         "params %zu\n",
         (const char *)function, (long)gx, (long)gy, (long)gz, (long)bx,
         (long)by, (long)bz, smem, numParams);
}
void *mgpuStreamCreate(void) { return (void *)1; }
void mgpuStreamSynchronize(void *stream) {
  (void)stream;
  printf("stub: synchronize\n");
}
void mgpuStreamDestroy(void *stream) { (void)stream; }
void *mgpuMemAlloc(uint64_t bytes, void *stream, int8_t hostShared) {
  (void)stream, (void)hostShared;
  printf("stub: alloc %llu bytes\n", (unsigned long long)bytes);
  return malloc(bytes);
}
void mgpuMemFree(void *ptr, void *stream) {
  (void)stream;
  free(ptr);
}

/* The optional hook tile-run's main calls when @main returns nothing. */
int tileRtExitStatus(void) {
  const char *status = getenv("STUB_EXIT_STATUS");
  return status ? atoi(status) : 0;
}

/* What the host lowering calls before a launch of a kernel marked
 * tile.dependent_launch. */
void tileRtNextLaunchDependent(void) {
  printf("stub: next launch dependent\n");
}
