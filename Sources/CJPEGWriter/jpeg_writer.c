// A baseline JPEG encoder for planes that are already YCbCr 4:2:0. libjpeg reports errors
// by longjmp, which Swift cannot catch; this file keeps that inside C and hands back a
// status and a message.
#include "jpeg_writer.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf escape;
} error_manager;

static void leave_on_error(j_common_ptr cinfo) {
    error_manager *errors = (error_manager *)cinfo->err;
    longjmp(errors->escape, 1);
}

/// Warnings while encoding concern only our own well-formed input; say nothing.
static void stay_quiet(j_common_ptr cinfo, int level) {
    (void)cinfo;
    (void)level;
}

/// A growing malloc'd buffer that this file, not libjpeg, owns and frees.
typedef struct {
    struct jpeg_destination_mgr base;
    unsigned char *buffer;
    size_t capacity;
} memory_destination;

static void start_buffer(j_compress_ptr cinfo) {
    memory_destination *destination = (memory_destination *)cinfo->dest;
    destination->base.next_output_byte = destination->buffer;
    destination->base.free_in_buffer = destination->capacity;
}

static boolean grow_buffer(j_compress_ptr cinfo) {
    memory_destination *destination = (memory_destination *)cinfo->dest;
    size_t used = destination->capacity;
    unsigned char *larger = realloc(destination->buffer, used * 2);
    if (larger == NULL) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 10);
    destination->buffer = larger;
    destination->capacity = used * 2;
    destination->base.next_output_byte = larger + used;
    destination->base.free_in_buffer = used;
    return TRUE;
}

static void finish_buffer(j_compress_ptr cinfo) { (void)cinfo; }

/// What the encoder allocates, kept outside the frame that calls setjmp so that it is
/// still known after a longjmp.
typedef struct {
    memory_destination destination;
    unsigned char *band[3];
} encoder_memory;

static int compress(
    j_compress_ptr cinfo, error_manager *errors, encoder_memory *memory,
    const unsigned char *const planes[3], const int strides[3], int components,
    int width, int height, int quality)
{
    if (setjmp(errors->escape)) return -1;
    jpeg_create_compress(cinfo);
    // About a bit per pixel at usual qualities; the buffer doubles when that is short.
    memory->destination.capacity = (size_t)width * (size_t)height / 8 + 4096;
    memory->destination.buffer = malloc(memory->destination.capacity);
    if (memory->destination.buffer == NULL) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 10);
    memory->destination.base.init_destination = start_buffer;
    memory->destination.base.empty_output_buffer = grow_buffer;
    memory->destination.base.term_destination = finish_buffer;
    cinfo->dest = &memory->destination.base;

    cinfo->image_width = (JDIMENSION)width;
    cinfo->image_height = (JDIMENSION)height;
    cinfo->input_components = components;
    cinfo->in_color_space = components == 3 ? JCS_YCbCr : JCS_GRAYSCALE;
    jpeg_set_defaults(cinfo);
    jpeg_set_quality(cinfo, quality, TRUE);
    cinfo->raw_data_in = TRUE;
    for (int c = 0; c < components; c++) {
        int luma = c == 0 && components == 3;
        cinfo->comp_info[c].h_samp_factor = luma ? 2 : 1;
        cinfo->comp_info[c].v_samp_factor = luma ? 2 : 1;
    }
    jpeg_start_compress(cinfo, TRUE);

    // libjpeg has worked out each component's size in blocks; the raw-data interface
    // reads every block in full, so bands are that wide, the edge sample repeated.
    int band_width[3], band_rows[3], plane_width[3], plane_height[3];
    JSAMPROW rows[3][2 * DCTSIZE];
    for (int c = 0; c < components; c++) {
        jpeg_component_info *component = &cinfo->comp_info[c];
        band_width[c] = (int)(component->width_in_blocks * DCTSIZE);
        band_rows[c] = component->v_samp_factor * DCTSIZE;
        plane_width[c] = (width * component->h_samp_factor + cinfo->max_h_samp_factor - 1)
            / cinfo->max_h_samp_factor;
        plane_height[c] = (height * component->v_samp_factor + cinfo->max_v_samp_factor - 1)
            / cinfo->max_v_samp_factor;
        memory->band[c] = malloc((size_t)band_width[c] * (size_t)band_rows[c]);
        if (memory->band[c] == NULL) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 11);
        for (int r = 0; r < band_rows[c]; r++) {
            rows[c][r] = memory->band[c] + (size_t)r * (size_t)band_width[c];
        }
    }

    JSAMPARRAY data[3] = {rows[0], rows[1], rows[2]};
    int band_height = cinfo->max_v_samp_factor * DCTSIZE;
    for (int top = 0; top < height; top += band_height) {
        for (int c = 0; c < components; c++) {
            int first = top * cinfo->comp_info[c].v_samp_factor / cinfo->max_v_samp_factor;
            for (int r = 0; r < band_rows[c]; r++) {
                int y = first + r < plane_height[c] ? first + r : plane_height[c] - 1;
                const unsigned char *from = planes[c] + (size_t)y * (size_t)strides[c];
                unsigned char *to = rows[c][r];
                memcpy(to, from, (size_t)plane_width[c]);
                memset(to + plane_width[c], from[plane_width[c] - 1],
                    (size_t)(band_width[c] - plane_width[c]));
            }
        }
        jpeg_write_raw_data(cinfo, data, (JDIMENSION)band_height);
    }
    jpeg_finish_compress(cinfo);
    return 0;
}

void jpeg_writer_free(unsigned char *buffer) { free(buffer); }

int jpeg_writer_encode(
    const unsigned char *const planes[3], const int strides[3], int components,
    int width, int height, int quality,
    unsigned char **output, unsigned long *length, char *message, size_t message_size)
{
    *output = NULL;
    *length = 0;
    if (message_size > 0) message[0] = '\0';
    if (width < 1 || height < 1 || (components != 1 && components != 3)) {
        snprintf(message, message_size, "cannot encode a %dx%d picture of %d planes",
            width, height, components);
        return -1;
    }
    struct jpeg_compress_struct cinfo;
    error_manager errors;
    encoder_memory memory;
    memset(&cinfo, 0, sizeof cinfo);
    memset(&memory, 0, sizeof memory);
    cinfo.err = jpeg_std_error(&errors.base);
    errors.base.error_exit = leave_on_error;
    errors.base.emit_message = stay_quiet;

    int status = compress(&cinfo, &errors, &memory, planes, strides, components,
        width, height, quality);
    if (status == 0) {
        *output = memory.destination.buffer;
        *length = (unsigned long)(memory.destination.capacity
            - memory.destination.base.free_in_buffer);
    } else {
        char text[JMSG_LENGTH_MAX];
        (*cinfo.err->format_message)((j_common_ptr)&cinfo, text);
        snprintf(message, message_size, "%s", text);
        free(memory.destination.buffer);
    }
    jpeg_destroy_compress(&cinfo);
    for (int c = 0; c < 3; c++) free(memory.band[c]);
    return status;
}
