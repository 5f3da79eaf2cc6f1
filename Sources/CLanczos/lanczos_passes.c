// The passes of the resamplers, in C for SSE2's and AVX2's pmaddwd (eight or sixteen 16-bit
// multiply-adds an instruction), which Swift cannot ask for. The weights are worked out in
// Swift (LanczosWeights, AreaWeights); here they are only applied. The down passes use AVX2
// where the processor has it (asked at run time, so the binary still runs on any x86-64);
// SSE2 is part of x86-64; elsewhere the same integer sums are done in plain C (down the
// columns in blocks a compiler vectorizes). Every path makes the same samples
// (ResamplerPassesTests).
#include "lanczos_passes.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define HAVE_AVX2_PATH 1
#include <immintrin.h>
#define AVX2 __attribute__((target("avx2")))
#endif

#define HALF (1 << (LANCZOS_SHIFT - 1))

lanczos_simd lanczos_best_simd(void) {
#if defined(HAVE_AVX2_PATH)
    // Worked out once; threads that race to it store the same value.
    static int best = -1;
    int known = __atomic_load_n(&best, __ATOMIC_RELAXED);
    if (known < 0) {
        __builtin_cpu_init();
        known = __builtin_cpu_supports("avx2") ? LANCZOS_AVX2 : LANCZOS_SSE2;
        __atomic_store_n(&best, known, __ATOMIC_RELAXED);
    }
    return (lanczos_simd)known;
#elif defined(__SSE2__)
    return LANCZOS_SSE2;
#else
    return LANCZOS_PLAIN_C;
#endif
}

static inline uint8_t clamped(int32_t sum) {
    int32_t value = sum >> LANCZOS_SHIFT;
    return (uint8_t)(value < 0 ? 0 : value > 255 ? 255 : value);
}

// MARK: Down the columns

/// Columns `x` to `width` of one target row in plain C, up to 16 samples at a time, tap by
/// tap, in a loop a compiler vectorizes for any machine's SIMD. With `out`, each sum gets
/// half added and is written rounded to 8 bits; without, the sums go to `sums_out` as
/// they are (the area average's down pass).
static void down_plain(
    const uint8_t *first, ptrdiff_t stride, const int16_t *w, int taps, int x,
    int width, uint8_t *out, int32_t *sums_out)
{
    for (; x < width; x += 16) {
        const int n = width - x < 16 ? width - x : 16;
        int32_t sums[16];
        for (int i = 0; i < n; i++) sums[i] = out ? HALF : 0;
        for (int t = 0; t < taps; t++) {
            const uint8_t *row = first + t * stride + x;
            const int32_t weight = w[t];
            for (int i = 0; i < n; i++) sums[i] += weight * (int32_t)row[i];
        }
        for (int i = 0; i < n; i++) {
            if (out) out[x + i] = clamped(sums[i]);
            else sums_out[x + i] = sums[i];
        }
    }
}

/// Two taps' weights as one 32-bit lane of the (even, odd) 16-bit pairs pmaddwd multiplies with.
static inline int32_t weight_bits(int16_t even, int16_t odd) {
    return (int32_t)((uint32_t)(uint16_t)even | ((uint32_t)(uint16_t)odd << 16));
}

#if defined(__SSE2__)
/// `weight_bits` in every lane.
static inline __m128i weight_pair(int16_t even, int16_t odd) { return _mm_set1_epi32(weight_bits(even, odd)); }

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

/// Columns from `x`, 16 at a time, as `down_plain` does; returns the first column left.
static int down_sse2(
    const uint8_t *first, ptrdiff_t stride, const int16_t *w, int taps, int x,
    int width, uint8_t *out, int32_t *sums_out)
{
    for (; x + 16 <= width; x += 16) {
        __m128i sums[4];
        sums[0] = sums[1] = sums[2] = sums[3] = _mm_set1_epi32(out ? HALF : 0);
        int t = 0;
        for (; t + 2 <= taps; t += 2) {
            __m128i upper = _mm_loadu_si128((const __m128i *)(first + t * stride + x));
            __m128i lower = _mm_loadu_si128((const __m128i *)(first + (t + 1) * stride + x));
            add_rows(upper, lower, weight_pair(w[t], w[t + 1]), sums);
        }
        if (t < taps) {
            __m128i upper = _mm_loadu_si128((const __m128i *)(first + t * stride + x));
            add_rows(upper, _mm_setzero_si128(), weight_pair(w[t], 0), sums);
        }
        if (!out) {
            for (int i = 0; i < 4; i++) _mm_storeu_si128((__m128i *)(sums_out + x + 4 * i), sums[i]);
            continue;
        }
        for (int i = 0; i < 4; i++) sums[i] = _mm_srai_epi32(sums[i], LANCZOS_SHIFT);
        // Saturating packs clamp to 0–255 exactly as `clamped` does.
        __m128i packed = _mm_packus_epi16(_mm_packs_epi32(sums[0], sums[1]), _mm_packs_epi32(sums[2], sums[3]));
        _mm_storeu_si128((__m128i *)(out + x), packed);
    }
    return x;
}
#endif

#if defined(HAVE_AVX2_PATH)
/// `add_rows` for 32 samples. AVX2 unpacks and packs within each 128-bit half, so
/// `sums[i]` holds samples 4i–4i+3 in its low half and 16+4i–16+4i+3 in its high half.
AVX2 static inline void add_rows_avx2(__m256i upper, __m256i lower, __m256i pair, __m256i sums[4]) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i low = _mm256_unpacklo_epi8(upper, lower), high = _mm256_unpackhi_epi8(upper, lower);
    sums[0] = _mm256_add_epi32(sums[0], _mm256_madd_epi16(_mm256_unpacklo_epi8(low, zero), pair));
    sums[1] = _mm256_add_epi32(sums[1], _mm256_madd_epi16(_mm256_unpackhi_epi8(low, zero), pair));
    sums[2] = _mm256_add_epi32(sums[2], _mm256_madd_epi16(_mm256_unpacklo_epi8(high, zero), pair));
    sums[3] = _mm256_add_epi32(sums[3], _mm256_madd_epi16(_mm256_unpackhi_epi8(high, zero), pair));
}

/// Columns from `x`, 32 at a time, as `down_plain` does; returns the first column left.
AVX2 static int down_avx2(
    const uint8_t *first, ptrdiff_t stride, const int16_t *w, int taps, int x,
    int width, uint8_t *out, int32_t *sums_out)
{
    for (; x + 32 <= width; x += 32) {
        __m256i sums[4];
        sums[0] = sums[1] = sums[2] = sums[3] = _mm256_set1_epi32(out ? HALF : 0);
        int t = 0;
        for (; t + 2 <= taps; t += 2) {
            __m256i upper = _mm256_loadu_si256((const __m256i *)(first + t * stride + x));
            __m256i lower = _mm256_loadu_si256((const __m256i *)(first + (t + 1) * stride + x));
            add_rows_avx2(upper, lower, _mm256_set1_epi32(weight_bits(w[t], w[t + 1])), sums);
        }
        if (t < taps) {
            __m256i upper = _mm256_loadu_si256((const __m256i *)(first + t * stride + x));
            add_rows_avx2(upper, _mm256_setzero_si256(), _mm256_set1_epi32(weight_bits(w[t], 0)), sums);
        }
        if (!out) {
            // Back in order: the low halves are samples 0–15, the high halves 16–31.
            _mm256_storeu_si256((__m256i *)(sums_out + x), _mm256_permute2x128_si256(sums[0], sums[1], 0x20));
            _mm256_storeu_si256((__m256i *)(sums_out + x + 8), _mm256_permute2x128_si256(sums[2], sums[3], 0x20));
            _mm256_storeu_si256((__m256i *)(sums_out + x + 16), _mm256_permute2x128_si256(sums[0], sums[1], 0x31));
            _mm256_storeu_si256((__m256i *)(sums_out + x + 24), _mm256_permute2x128_si256(sums[2], sums[3], 0x31));
            continue;
        }
        for (int i = 0; i < 4; i++) sums[i] = _mm256_srai_epi32(sums[i], LANCZOS_SHIFT);
        // Packed within each half, which puts the 32 samples back in order.
        __m256i packed = _mm256_packus_epi16(
            _mm256_packs_epi32(sums[0], sums[1]), _mm256_packs_epi32(sums[2], sums[3]));
        _mm256_storeu_si256((__m256i *)(out + x), packed);
    }
    return x;
}
#endif

/// One target row of a down pass, with the widest instructions `simd` allows.
static void down_row(
    lanczos_simd simd, const uint8_t *first, ptrdiff_t stride, const int16_t *w, int taps, int width,
    uint8_t *out, int32_t *sums_out)
{
    int x = 0;
#if defined(HAVE_AVX2_PATH)
    if (simd >= LANCZOS_AVX2) x = down_avx2(first, stride, w, taps, x, width, out, sums_out);
#endif
#if defined(__SSE2__)
    if (simd >= LANCZOS_SSE2) x = down_sse2(first, stride, w, taps, x, width, out, sums_out);
#endif
    down_plain(first, stride, w, taps, x, width, out, sums_out);
}

void lanczos_filter_down_using(
    lanczos_simd simd, const uint8_t *source, ptrdiff_t source_stride, int width, lanczos_axis axis,
    uint8_t *target)
{
    for (int y = 0; y < axis.count; y++) {
        const uint8_t *first = source + (ptrdiff_t)axis.first[y] * source_stride;
        const int16_t *w = axis.weights + (ptrdiff_t)y * axis.stride;
        down_row(simd, first, source_stride, w, axis.taps[y], width, target + (ptrdiff_t)y * width, NULL);
    }
}

void lanczos_filter_down(
    const uint8_t *source, ptrdiff_t source_stride, int width, lanczos_axis axis, uint8_t *target)
{
    lanczos_filter_down_using(lanczos_best_simd(), source, source_stride, width, axis, target);
}

void area_sum_down_using(
    lanczos_simd simd, const uint8_t *first, ptrdiff_t source_stride, int width, int taps,
    const int16_t *weights, int32_t *sums)
{
    down_row(simd, first, source_stride, weights, taps, width, NULL, sums);
}

void area_sum_down(
    const uint8_t *first, ptrdiff_t source_stride, int width, int taps, const int16_t *weights,
    int32_t *sums)
{
    area_sum_down_using(lanczos_best_simd(), first, source_stride, width, taps, weights, sums);
}

// MARK: Along the rows

/// One target sample of `row`, in plain C: the taps that reach the row's end.
static inline uint8_t across_sample(const uint8_t *row, lanczos_axis axis, int x) {
    const uint8_t *under = row + axis.first[x];
    const int16_t *w = axis.weights + (ptrdiff_t)x * axis.stride;
    int32_t sum = HALF;
    for (int t = 0; t < axis.taps[x]; t++) sum += w[t] * (int32_t)under[t];
    return clamped(sum);
}

#if defined(__SSE2__)
/// The four 32-bit lanes of each of `a`, `b`, `c`, `d` summed: one total a lane.
static inline __m128i lane_totals(__m128i a, __m128i b, __m128i c, __m128i d) {
    // (a0+a2, b0+b2, a1+a3, b1+b3) and the same for c, d; then the two halves added.
    __m128i ab = _mm_add_epi32(_mm_unpacklo_epi32(a, b), _mm_unpackhi_epi32(a, b));
    __m128i cd = _mm_add_epi32(_mm_unpacklo_epi32(c, d), _mm_unpackhi_epi32(c, d));
    return _mm_add_epi32(_mm_unpacklo_epi64(ab, cd), _mm_unpackhi_epi64(ab, cd));
}

/// Rows from `y`, four at a time, so each group of eight weights is loaded once for four
/// dot products, and the four are summed across their lanes together; returns the first
/// row left.
static int across_sse2(
    const uint8_t *source, ptrdiff_t source_stride, int source_width, int y, int height, lanczos_axis axis,
    uint8_t *target)
{
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
                    __m128i samples = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(rows[r] + first + t)), zero);
                    sums[r] = _mm_add_epi32(sums[r], _mm_madd_epi16(samples, weights));
                }
            }
            __m128i totals = _mm_add_epi32(lane_totals(sums[0], sums[1], sums[2], sums[3]), _mm_set1_epi32(HALF));
            totals = _mm_srai_epi32(totals, LANCZOS_SHIFT);
            // Saturating packs clamp to 0–255 exactly as `clamped` does.
            uint32_t four = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(_mm_packs_epi32(totals, zero), zero));
            for (int r = 0; r < 4; r++) out[r * axis.count + x] = (uint8_t)(four >> (8 * r));
        }
    }
    return y;
}
#endif

void lanczos_filter_across_using(
    lanczos_simd simd, const uint8_t *source, ptrdiff_t source_stride, int source_width, int height,
    lanczos_axis axis, uint8_t *target)
{
    int y = 0;
    // (An AVX2 form, eight rows at a time, took 3 % less time than this: not kept.)
#if defined(__SSE2__)
    if (simd >= LANCZOS_SSE2) y = across_sse2(source, source_stride, source_width, y, height, axis, target);
#endif
    // The rows left (all of them in plain C), one sample at a time.
    for (; y < height; y++) {
        const uint8_t *row = source + (ptrdiff_t)y * source_stride;
        uint8_t *out = target + (ptrdiff_t)y * axis.count;
        for (int x = 0; x < axis.count; x++) out[x] = across_sample(row, axis, x);
    }
}

void lanczos_filter_across(
    const uint8_t *source, ptrdiff_t source_stride, int source_width, int height, lanczos_axis axis,
    uint8_t *target)
{
    lanczos_filter_across_using(lanczos_best_simd(), source, source_stride, source_width, height, axis, target);
}
