#include "CPNGSupport.h"

#include <png.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    rg_png_output *output;
    char *error;
    size_t error_length;
} rg_context;

static void rg_error(png_structp png, png_const_charp message) {
    rg_context *context = (rg_context *)png_get_error_ptr(png);
    if (context->error && context->error_length > 0) {
        strncpy(context->error, message, context->error_length - 1);
        context->error[context->error_length - 1] = '\0';
    }
    png_longjmp(png, 1);
}

static void rg_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void rg_write(png_structp png, png_bytep data, size_t length) {
    rg_context *context = (rg_context *)png_get_io_ptr(png);
    rg_png_output *out = context->output;
    if (out->size + length > out->capacity) {
        size_t capacity = out->capacity ? out->capacity : 4096;
        while (capacity < out->size + length) capacity *= 2;
        unsigned char *grown = realloc(out->data, capacity);
        if (!grown) png_error(png, "out of memory while writing PNG");
        out->data = grown;
        out->capacity = capacity;
    }
    memcpy(out->data + out->size, data, length);
    out->size += length;
}

static void rg_flush(png_structp png) { (void)png; }

int rg_png_encode_rgba(const unsigned char *rgba, unsigned width, unsigned height,
                       size_t stride, int level, int filters, int strategy,
                       rg_png_output *output, char *error, size_t error_length) {
    rg_context context = { output, error, error_length };
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &context, rg_error, rg_warning);
    if (!png) return 1;
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        return 1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return 1;
    }
    png_set_write_fn(png, &context, rg_write, rg_flush);
    png_set_compression_level(png, level);
    png_set_compression_strategy(png, strategy);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_write_info(png, info);
    for (unsigned y = 0; y < height; y++) {
        png_write_row(png, (png_const_bytep)(rgba + (size_t)y * stride));
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return 0;
}

void rg_png_output_free(rg_png_output *output) {
    free(output->data);
    output->data = NULL;
    output->size = 0;
    output->capacity = 0;
}

typedef struct {
    const unsigned char *data;
    size_t size;
    size_t offset;
} rg_source;

static void rg_read(png_structp png, png_bytep out, size_t length) {
    rg_source *source = (rg_source *)png_get_io_ptr(png);
    if (length > source->size - source->offset) png_error(png, "file ends early");
    memcpy(out, source->data + source->offset, length);
    source->offset += length;
}

static png_structp rg_reader(rg_context *context) {
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, context, rg_error, rg_warning);
    if (png) {
        // Our own limits are checked by the caller; lift libpng's 1M-pixel side default.
        png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    }
    return png;
}

/* Reads the header and, when `pixels` is not NULL, the whole image converted to RGBA8. */
static int rg_png_read(const unsigned char *data, size_t size, unsigned char *pixels,
                       unsigned *width, unsigned *height, char *error, size_t error_length) {
    rg_context context = { NULL, error, error_length };
    rg_source source = { data, size, 0 };
    png_structp png = rg_reader(&context);
    if (!png) return 1;
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_read_struct(&png, NULL, NULL);
        return 1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        return 1;
    }
    png_set_read_fn(png, &source, rg_read);
    png_read_info(png, info);
    if (!pixels) {
        *width = png_get_image_width(png, info);
        *height = png_get_image_height(png, info);
        png_destroy_read_struct(&png, &info, NULL);
        return 0;
    }
    if (png_get_image_width(png, info) != *width || png_get_image_height(png, info) != *height) {
        png_error(png, "image size changed between reads");
    }
    png_byte color_type = png_get_color_type(png, info);
    png_set_expand(png);
    png_set_scale_16(png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) {
        png_set_gray_to_rgb(png);
    }
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)*width * 4) {
        png_error(png, "unexpected row layout after conversion");
    }
    for (int pass = 0; pass < passes; pass++) {
        for (unsigned y = 0; y < *height; y++) {
            png_read_row(png, pixels + (size_t)y * *width * 4, NULL);
        }
    }
    /* What follows the image data (text chunks, IEND) is not needed and not required. */
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

int rg_png_read_size(const unsigned char *data, size_t size, unsigned *width, unsigned *height,
                     char *error, size_t error_length) {
    return rg_png_read(data, size, NULL, width, height, error, error_length);
}

int rg_png_decode_rgba(const unsigned char *data, size_t size, unsigned char *pixels,
                       unsigned width, unsigned height, char *error, size_t error_length) {
    if (!pixels) return 1;
    return rg_png_read(data, size, pixels, &width, &height, error, error_length);
}
