#include <lcms2.h>

// lcms2's pixel formats are function-like macros, which Swift cannot import.
static const cmsUInt32Number CLcms2_TYPE_BGRA_8 = TYPE_BGRA_8;
static const cmsUInt32Number CLcms2_TYPE_RGB_8 = TYPE_RGB_8;
static const cmsUInt32Number CLcms2_TYPE_CMYK_8 = TYPE_CMYK_8;
static const cmsUInt32Number CLcms2_TYPE_CMYK_8_REV = TYPE_CMYK_8_REV;
// A grey sample in the first byte of four, as grey pictures decode into BGRA/BGRX pixels
// (B = G = R): the other three bytes are extra channels Little CMS skips.
static const cmsUInt32Number CLcms2_TYPE_GRAY_8_IN_BGRA = COLORSPACE_SH(PT_GRAY) | CHANNELS_SH(1) | BYTES_SH(1) | EXTRA_SH(3);
