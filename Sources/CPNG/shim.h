#include <png.h>

// libpng's format and flag values are macros built from other macros, which Swift
// cannot always import; these constants name the few the simplified reader uses.
static const png_uint_32 CPNG_FORMAT_RGBA = PNG_FORMAT_RGBA;
static const png_uint_32 CPNG_IMAGE_FLAG_16BIT_sRGB = PNG_IMAGE_FLAG_16BIT_sRGB;
static const int CPNG_IMAGE_VERSION = PNG_IMAGE_VERSION;
