#include <tiffio.h>

// TIFFGetFieldDefaulted is variadic, which Swift cannot call: one wrapper per value type.
static inline int CTIFF_getUInt16(TIFF *tif, uint32_t tag, uint16_t *value) {
    return TIFFGetFieldDefaulted(tif, tag, value);
}
static inline int CTIFF_getUInt32(TIFF *tif, uint32_t tag, uint32_t *value) {
    return TIFFGetFieldDefaulted(tif, tag, value);
}
