// The two passes of the Lanczos resampler, in C for SSE2's pmaddwd (eight 16-bit
// multiply-adds an instruction), which Swift cannot ask for. The weights are worked out in
// Swift (LanczosWeights); here they are only applied. Without SSE2 the same integer sums
// are done in plain C (down the columns in blocks a compiler vectorizes), so every machine
// makes the same pixels.
#include "lanczos_passes.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define HALF (1 << (LANCZOS_SHIFT - 1))

static inline uint8_t clamped(int32_t sum) {
    int32_t value = sum >> LANCZOS_SHIFT;
    return (uint8_t)(value < 0 ? 0 : value > 255 ? 255 : value);
}

#if defined(__SSE2__)
/// Two taps' weights as the (even, odd) 16-bit pair pmaddwd multiplies with.
static inline __m128i weight_pair(int16_t even, int16_t odd) {
    return _mm_set1_epi32((int32_t)((uint32_t)(uint16_t)even | ((uint32_t)(uint16_t)odd << 16)));
}

/// Adds 16 samples of two rows times their weights to four sums of four samples each.
static inline void add_rows(__m128i upper, __m128i lower, __m128i pair, __m128i sums[4]) {
    const __m128i zero = _mm_setzero_si128();
    // Bytes upper0 lower0 upper1 lower1 …, widened to 16 bits: each 32-bit lane one pair.
    __m128i low = _mm_unpacklo_epi8(upper, lower), high = _mm_unpackhi_epi8(upper, lower);
    sums[0] = _mm_add_epi32(sums[0], _mm_madd_epi16(_mm_unpacklo_epi8(low, zero), pair));
    sums[1] = _mm_add_epi32(sums[1], _mm_madd_epi16(_mm_unpackhi_epi8(low, zero), pair));
    sums[2] = _mm_add_epi32(sums[2], _mm_madd_epi16(_mm_unpacklo_epi8(high, zero), pair));
    sums[3] = _mm_add_epi32(sums[3], _mm_madd_epi16(_mm_unpackhi_epi8(high, zero), pair));
}
#endif

void lanczos_filter_down(
    const uint8_t *source, ptrdiff_t source_stride, int width, lanczos_axis axis, uint8_t *target)
{
    for (int y = 0; y < axis.count; y++) {
        const uint8_t *first = source + (ptrdiff_t)axis.first[y] * source_stride;
        const int16_t *w = axis.weights + (ptrdiff_t)y * axis.stride;
        const int taps = axis.taps[y];
        uint8_t *out = target + (ptrdiff_t)y * width;
        int x = 0;
#if defined(__SSE2__)
        for (; x + 16 <= width; x += 16) {
            __m128i sums[4];
            sums[0] = sums[1] = sums[2] = sums[3] = _mm_set1_epi32(HALF);
            int t = 0;
            for (; t + 2 <= taps; t += 2) {
                __m128i upper = _mm_loadu_si128((const __m128i *)(first + t * source_stride + x));
                __m128i lower = _mm_loadu_si128((const __m128i *)(first + (t + 1) * source_stride + x));
                add_rows(upper, lower, weight_pair(w[t], w[t + 1]), sums);
            }
            if (t < taps) {
                __m128i upper = _mm_loadu_si128((const __m128i *)(first + t * source_stride + x));
                add_rows(upper, _mm_setzero_si128(), weight_pair(w[t], 0), sums);
            }
            for (int i = 0; i < 4; i++) sums[i] = _mm_srai_epi32(sums[i], LANCZOS_SHIFT);
            // Saturating packs clamp to 0–255 exactly as `clamped` does.
            __m128i packed = _mm_packus_epi16(
                _mm_packs_epi32(sums[0], sums[1]), _mm_packs_epi32(sums[2], sums[3]));
            _mm_storeu_si128((__m128i *)(out + x), packed);
        }
#endif
        // The rest (all of it without SSE2) up to 16 samples at a time, tap by tap, in a
        // loop a compiler vectorizes for any machine's SIMD.
        for (; x < width; x += 16) {
            const int n = width - x < 16 ? width - x : 16;
            int32_t sums[16];
            for (int i = 0; i < n; i++) sums[i] = HALF;
            for (int t = 0; t < taps; t++) {
                const uint8_t *row = first + t * source_stride + x;
                const int32_t weight = w[t];
                for (int i = 0; i < n; i++) sums[i] += weight * (int32_t)row[i];
            }
            for (int i = 0; i < n; i++) out[x + i] = clamped(sums[i]);
        }
    }
}

void lanczos_filter_across(
    const uint8_t *source, ptrdiff_t source_stride, int source_width, int height, lanczos_axis axis,
    uint8_t *target)
{
    for (int y = 0; y < height; y++) {
        const uint8_t *row = source + (ptrdiff_t)y * source_stride;
        uint8_t *out = target + (ptrdiff_t)y * axis.count;
        for (int x = 0; x < axis.count; x++) {
            const uint8_t *under = row + axis.first[x];
            const int16_t *w = axis.weights + (ptrdiff_t)x * axis.stride;
            const int taps = axis.taps[x];
#if defined(__SSE2__)
            // Whole groups of eight taps, the weights past `taps` zero, where they stay
            // inside the row.
            const int groups = (taps + 7) & ~7;
            if (axis.first[x] + groups <= source_width) {
                const __m128i zero = _mm_setzero_si128();
                __m128i sums = _mm_setzero_si128();
                for (int t = 0; t < groups; t += 8) {
                    __m128i samples = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(under + t)), zero);
                    sums = _mm_add_epi32(sums, _mm_madd_epi16(samples, _mm_loadu_si128((const __m128i *)(w + t))));
                }
                sums = _mm_add_epi32(sums, _mm_shuffle_epi32(sums, _MM_SHUFFLE(1, 0, 3, 2)));
                sums = _mm_add_epi32(sums, _mm_shuffle_epi32(sums, _MM_SHUFFLE(2, 3, 0, 1)));
                out[x] = clamped(HALF + _mm_cvtsi128_si32(sums));
                continue;
            }
#endif
            int32_t sum = HALF;
            for (int t = 0; t < taps; t++) sum += w[t] * (int32_t)under[t];
            out[x] = clamped(sum);
        }
    }
}
