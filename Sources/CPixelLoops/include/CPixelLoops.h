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

#endif
