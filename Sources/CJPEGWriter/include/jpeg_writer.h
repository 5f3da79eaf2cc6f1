#ifndef TESSERA_JPEG_WRITER_H
#define TESSERA_JPEG_WRITER_H

#include <stddef.h>

/// How `jpeg_writer_encode` lays out its scans.
typedef enum {
    /// One scan: the whole picture arrives top to bottom.
    JPEG_WRITER_BASELINE = 0,
    /// First every component's DC coefficients (a blurry whole picture at 1/8 scale),
    /// then each component's AC coefficients in one scan: the cheapest progressive
    /// layout, with optimised Huffman tables like any progressive JPEG.
    JPEG_WRITER_PROGRESSIVE = 1,
} jpeg_writer_scans;

/// Encodes 4:2:0 YCbCr planes (or one grey plane) with libjpeg, no metadata at all.
///
/// `planes[0]` is luma, `width × height` samples used of rows `strides[0]` apart;
/// `planes[1]` and `planes[2]` (ignored when `components` is 1) are blue- and
/// red-difference chroma, `ceil(width / 2) × ceil(height / 2)` used.
/// On success returns 0 and sets `*output` (release it with `jpeg_writer_free`) and
/// `*length`; on failure returns -1 and writes libjpeg's reason into `message`.
int jpeg_writer_encode(
    const unsigned char *const planes[3], const int strides[3], int components,
    int width, int height, int quality, jpeg_writer_scans scans,
    unsigned char **output, unsigned long *length, char *message, size_t message_size);

/// Releases a buffer `jpeg_writer_encode` returned.
void jpeg_writer_free(unsigned char *buffer);

#endif
