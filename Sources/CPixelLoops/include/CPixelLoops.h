#ifndef CPIXELLOOPS_H
#define CPIXELLOOPS_H

#include <stddef.h>
#include <stdint.h>

/// The straight colour of the last pixel converted, carried from one piece of an image to the
/// next so that converting it in rows gives what converting it whole gives.
typedef struct {
    uint32_t red, green, blue;
} rg_unpremultiply_state;

/// Converts `count` bytes (whole RGBA8 pixels; a trailing part pixel is left alone) of
/// premultiplied `source` into straight `target`. A transparent pixel becomes all zero, an
/// opaque one is copied, a partly transparent one is divided by its alpha, keeping the previous
/// pixel's straight channel where that premultiplies to the same value.
void rg_unpremultiply(const uint8_t *source, uint8_t *target, size_t count, rg_unpremultiply_state *state);

/// Paints `count` pixels of premultiplied RGBA8 `target` with the colour (`red`, `green`,
/// `blue`, 0-255, straight) at `alpha` (0-255) times each pixel's `coverage` (0-255), source
/// over: a covered transparent pixel takes the colour alone, others are blended, uncovered
/// ones are left alone.
void rg_paint_coverage(uint8_t *target, const uint8_t *coverage, size_t count, uint32_t red, uint32_t green, uint32_t blue,
                       uint32_t alpha);

#endif
