#ifndef TESSERA_JPEG_WRITER_H
#define TESSERA_JPEG_WRITER_H

#include <stddef.h>

/// Encodes 4:2:0 YCbCr planes (or one grey plane) with libjpeg as a baseline JPEG (one
/// scan, libjpeg's standard Huffman tables), no metadata at all.
///
/// `planes[0]` is luma, `width × height` samples used of rows `strides[0]` apart;
/// `planes[1]` and `planes[2]` (ignored when `components` is 1) are blue- and
/// red-difference chroma, `ceil(width / 2) × ceil(height / 2)` used.
/// On success returns 0 and sets `*output` (release it with `jpeg_writer_free`) and
/// `*length`; on failure returns -1 and writes libjpeg's reason into `message`.
int jpeg_writer_encode(
    const unsigned char *const planes[3], const int strides[3], int components,
    int width, int height, int quality,
    unsigned char **output, unsigned long *length, char *message, size_t message_size);

/// Releases a buffer `jpeg_writer_encode` returned.
void jpeg_writer_free(unsigned char *buffer);

#endif
