/*===- Sha256.h - SHA-256 for the front end's cache keys ---------*- C -*-===*\
|*                                                                            *|
|* FIPS 180-4 SHA-256, so that the C front end of tile-translate keys the    *|
|* compile cache without loading LLVM.                                       *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TILE_TRANSLATE_SHA256_H
#define TILE_TRANSLATE_SHA256_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
  uint32_t state[8];
  uint64_t length; /* bytes hashed so far */
  unsigned char block[64];
  size_t used; /* bytes in `block` */
} Sha256;

void sha256Init(Sha256 *h);
void sha256Update(Sha256 *h, const void *data, size_t size);
/* Writes the digest as 64 lowercase hex digits and a NUL. */
void sha256FinalHex(Sha256 *h, char hex[65]);

#endif /* TILE_TRANSLATE_SHA256_H */
