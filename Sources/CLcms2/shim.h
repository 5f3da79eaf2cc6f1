#include <lcms2.h>

// lcms2's pixel formats are function-like macros, which Swift cannot import.
static const cmsUInt32Number CLcms2_TYPE_BGRA_8 = TYPE_BGRA_8;
static const cmsUInt32Number CLcms2_TYPE_RGB_8 = TYPE_RGB_8;
static const cmsUInt32Number CLcms2_TYPE_CMYK_8 = TYPE_CMYK_8;
static const cmsUInt32Number CLcms2_TYPE_CMYK_8_REV = TYPE_CMYK_8_REV;
