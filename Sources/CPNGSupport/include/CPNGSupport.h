#ifndef CPNGSUPPORT_H
#define CPNGSUPPORT_H

#include <stddef.h>

/// Bytes produced by the writer. Free with `rg_png_output_free`.
typedef struct {
    unsigned char *data;
    size_t size;
    size_t capacity;
} rg_png_output;

/// Encodes straight (non-premultiplied) RGBA8 rows as a non-interlaced PNG.
///
/// `filters` is a mask of libpng's PNG_FILTER_* flags, `level` a zlib level (0-9) and
/// `strategy` a zlib strategy. No time or text chunk is written, so equal input gives
/// equal bytes. Returns 0 on success; otherwise 1, with libpng's message in `error`.
int rg_png_encode_rgba(const unsigned char *rgba, unsigned width, unsigned height,
                       size_t stride, int level, int filters, int strategy,
                       rg_png_output *output, char *error, size_t error_length);

/// Releases the bytes held by `output`.
void rg_png_output_free(rg_png_output *output);

/// Reads the IHDR of a PNG held in memory. Returns 0 and sets the size on success;
/// otherwise 1, with libpng's message in `error`.
int rg_png_read_size(const unsigned char *data, size_t size, unsigned *width, unsigned *height,
                     char *error, size_t error_length);

/// Decodes a PNG held in memory to straight RGBA8 (`width × 4` bytes a row) into `pixels`,
/// which must hold `width × height × 4` bytes for the size `rg_png_read_size` reported.
/// Every colour type, bit depth, palette, tRNS and interlace is converted; 16-bit samples
/// are scaled to 8 bits; no gamma correction is applied. Returns 0 on success; otherwise 1,
/// with libpng's message in `error`.
int rg_png_decode_rgba(const unsigned char *data, size_t size, unsigned char *pixels,
                       unsigned width, unsigned height, char *error, size_t error_length);

#endif
