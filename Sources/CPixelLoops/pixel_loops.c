// The inner loops over pixels that run in every snapshot assertion (un-premultiplying the
// drawn frame, painting text and shapes). They are C so that they are
// quick in a package's debug build too: SwiftPM builds a dependency's Swift without optimisation
// and accepts no flags from it, and unoptimised C is still a plain loop.
#include "CPixelLoops.h"

// Unaligned words that may alias the bytes, and helpers inlined even at -O0, so that an
// unoptimised build makes no call per pixel.
typedef uint64_t __attribute__((may_alias, aligned(1))) rg_word64;
typedef uint32_t __attribute__((may_alias, aligned(1))) rg_word32;
#define RG_INLINE static inline __attribute__((always_inline))

RG_INLINE uint32_t straight_channel(uint32_t premultiplied, uint32_t previous, uint32_t alpha) {
    if ((previous * alpha + 127) / 255 == premultiplied) return previous;
    uint32_t value = (premultiplied * 255 + alpha / 2) / alpha;
    return value > 255 ? 255 : value;
}

void rg_unpremultiply(const uint8_t *source, uint8_t *target, size_t count, rg_unpremultiply_state *state) {
    size_t whole = count & ~(size_t)3;
    size_t i = 0;
    while (i < whole) {
        // Eight transparent pixels at once: the runs around a control's content.
        if (i + 32 <= whole) {
            const rg_word64 *words = (const rg_word64 *)(source + i);
            if ((words[0] | words[1] | words[2] | words[3]) == 0) {
                rg_word64 *out = (rg_word64 *)(target + i);
                out[0] = out[1] = out[2] = out[3] = 0;
                i += 32;
                continue;
            }
        }
        const uint8_t *p = source + i;
        uint32_t alpha = p[3];
        if (alpha == 0) {
            *(rg_word32 *)(target + i) = 0;
        } else if (alpha == 255) {
            *(rg_word32 *)(target + i) = *(const rg_word32 *)p;
            state->red = p[0];
            state->green = p[1];
            state->blue = p[2];
        } else {
            state->red = straight_channel(p[0], state->red, alpha);
            state->green = straight_channel(p[1], state->green, alpha);
            state->blue = straight_channel(p[2], state->blue, alpha);
            target[i] = (uint8_t)state->red;
            target[i + 1] = (uint8_t)state->green;
            target[i + 2] = (uint8_t)state->blue;
            target[i + 3] = (uint8_t)alpha;
        }
        i += 4;
    }
}

RG_INLINE uint32_t times(uint32_t value, uint32_t alpha) { return (value * alpha + 127) / 255; }

void rg_paint_coverage(uint8_t *target, const uint8_t *coverage, size_t count, uint32_t red, uint32_t green, uint32_t blue,
                       uint32_t alpha) {
    for (size_t i = 0; i < count; i++, target += 4) {
        uint32_t a = times(coverage[i], alpha);
        if (a == 0) continue;
        if (*(const rg_word32 *)target == 0) {
            // Over a transparent pixel (most glyph pixels): the colour alone.
            target[0] = (uint8_t)times(red, a);
            target[1] = (uint8_t)times(green, a);
            target[2] = (uint8_t)times(blue, a);
            target[3] = (uint8_t)a;
        } else {
            uint32_t k = 255 - a;
            target[0] = (uint8_t)(times(red, a) + times(target[0], k));
            target[1] = (uint8_t)(times(green, a) + times(target[1], k));
            target[2] = (uint8_t)(times(blue, a) + times(target[2], k));
            target[3] = (uint8_t)(a + times(target[3], k));
        }
    }
}
