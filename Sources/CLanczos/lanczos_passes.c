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

#if defined(__SSE2__)
/// The four 32-bit lanes of each of `a`, `b`, `c`, `d` summed: one total a lane.
static inline __m128i lane_totals(__m128i a, __m128i b, __m128i c, __m128i d) {
    // (a0+a2, b0+b2, a1+a3, b1+b3) and the same for c, d; then the two halves added.
    __m128i ab = _mm_add_epi32(_mm_unpacklo_epi32(a, b), _mm_unpackhi_epi32(a, b));
    __m128i cd = _mm_add_epi32(_mm_unpacklo_epi32(c, d), _mm_unpackhi_epi32(c, d));
    return _mm_add_epi32(_mm_unpacklo_epi64(ab, cd), _mm_unpackhi_epi64(ab, cd));
}
#endif

/// One target sample of `row`, in plain C: the taps that reach the row's end.
static inline uint8_t across_sample(const uint8_t *row, lanczos_axis axis, int x) {
    const uint8_t *under = row + axis.first[x];
    const int16_t *w = axis.weights + (ptrdiff_t)x * axis.stride;
    int32_t sum = HALF;
    for (int t = 0; t < axis.taps[x]; t++) sum += w[t] * (int32_t)under[t];
    return clamped(sum);
}

void lanczos_filter_across(
    const uint8_t *source, ptrdiff_t source_stride, int source_width, int height, lanczos_axis axis,
    uint8_t *target)
{
    int y = 0;
#if defined(__SSE2__)
    // Four rows at a time, so each group of eight weights is loaded once for four dot
    // products, and the four are summed across their lanes together.
    for (; y + 4 <= height; y += 4) {
        const uint8_t *rows[4];
        for (int r = 0; r < 4; r++) rows[r] = source + (ptrdiff_t)(y + r) * source_stride;
        uint8_t *out = target + (ptrdiff_t)y * axis.count;
        for (int x = 0; x < axis.count; x++) {
            const int first = axis.first[x];
            // Whole groups of eight taps, the weights past `taps` zero, where they stay
            // inside the row.
            const int groups = (axis.taps[x] + 7) & ~7;
            if (first + groups > source_width) {
                for (int r = 0; r < 4; r++) out[r * axis.count + x] = across_sample(rows[r], axis, x);
                continue;
            }
            const int16_t *w = axis.weights + (ptrdiff_t)x * axis.stride;
            const __m128i zero = _mm_setzero_si128();
            __m128i sums[4] = {zero, zero, zero, zero};
            for (int t = 0; t < groups; t += 8) {
                __m128i weights = _mm_loadu_si128((const __m128i *)(w + t));
                for (int r = 0; r < 4; r++) {
                    __m128i samples = _mm_unpacklo_epi8(
                        _mm_loadl_epi64((const __m128i *)(rows[r] + first + t)), zero);
                    sums[r] = _mm_add_epi32(sums[r], _mm_madd_epi16(samples, weights));
                }
            }
            __m128i totals = _mm_add_epi32(lane_totals(sums[0], sums[1], sums[2], sums[3]), _mm_set1_epi32(HALF));
            totals = _mm_srai_epi32(totals, LANCZOS_SHIFT);
            // Saturating packs clamp to 0–255 exactly as `clamped` does.
            uint32_t four = (uint32_t)_mm_cvtsi128_si32(
                _mm_packus_epi16(_mm_packs_epi32(totals, zero), zero));
            for (int r = 0; r < 4; r++) out[r * axis.count + x] = (uint8_t)(four >> (8 * r));
        }
    }
#endif
    // The rows left (all of them without SSE2), one sample at a time.
    for (; y < height; y++) {
        const uint8_t *row = source + (ptrdiff_t)y * source_stride;
        uint8_t *out = target + (ptrdiff_t)y * axis.count;
        for (int x = 0; x < axis.count; x++) out[x] = across_sample(row, axis, x);
    }
}
