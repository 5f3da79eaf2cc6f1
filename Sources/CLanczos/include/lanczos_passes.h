#ifndef TESSERA_LANCZOS_PASSES_H
#define TESSERA_LANCZOS_PASSES_H

#include <stddef.h>
#include <stdint.h>

/// The fixed point of the weights: a whole pixel's weight is `1 << LANCZOS_SHIFT`.
/// Fourteen bits keep every weight inside an `int16_t` (SSE2's `pmaddwd` multiplies
/// pairs of those), two bits finer than libvips' own fixed point for 8-bit images.
#define LANCZOS_SHIFT 14

/// One axis's taps: target pixel `i` is the sum of `taps[i]` source pixels from
/// `first[i]` on, weighted by `weights[i * stride ...]` (zero past `taps[i]`; `stride` a
/// multiple of 8). The caller keeps `first[i] + taps[i]` inside the source.
typedef struct {
    int count;
    int stride;
    const int32_t *first;
    const int32_t *taps;
    const int16_t *weights;
} lanczos_axis;

/// The instruction sets the passes can use, each a superset of the one before; every one
/// of them makes the same samples.
typedef enum { LANCZOS_PLAIN_C = 0, LANCZOS_SSE2 = 1, LANCZOS_AVX2 = 2 } lanczos_simd;

/// The best instruction set this processor and build have: AVX2 (used by the down passes)
/// is chosen at run time, so one binary runs on any x86-64 machine and is faster on most.
lanczos_simd lanczos_best_simd(void);

/// Target row `y` (of `axis.count`) = the source rows `axis` names for it, `width`
/// samples of each, rows `source_stride` apart; written `width` samples a row, rounded and
/// clamped to 0–255.
void lanczos_filter_down(
    const uint8_t *source, ptrdiff_t source_stride, int width, lanczos_axis axis, uint8_t *target);
/// `lanczos_filter_down` with `simd` (at most `lanczos_best_simd()`), for tests.
void lanczos_filter_down_using(
    lanczos_simd simd, const uint8_t *source, ptrdiff_t source_stride, int width, lanczos_axis axis,
    uint8_t *target);

/// Along each of `height` rows (`source_stride` apart, `source_width` samples), target
/// sample `x` (of `axis.count`) = the source samples `axis` names for it; written
/// `axis.count` samples a row, rounded and clamped to 0–255.
void lanczos_filter_across(
    const uint8_t *source, ptrdiff_t source_stride, int source_width, int height, lanczos_axis axis,
    uint8_t *target);
/// `lanczos_filter_across` with `simd` (at most `lanczos_best_simd()`), for tests.
void lanczos_filter_across_using(
    lanczos_simd simd, const uint8_t *source, ptrdiff_t source_stride, int source_width, int height,
    lanczos_axis axis, uint8_t *target);

/// The down pass of an area average (`Resampler`), whose sums go on unrounded to its
/// across pass: `sums[x]` = the sum over `taps` rows from `first` (`source_stride` apart)
/// of `weights[t]` × row t's sample x, for `width` samples.
void area_sum_down(
    const uint8_t *first, ptrdiff_t source_stride, int width, int taps, const int16_t *weights,
    int32_t *sums);
/// `area_sum_down` with `simd` (at most `lanczos_best_simd()`), for tests.
void area_sum_down_using(
    lanczos_simd simd, const uint8_t *first, ptrdiff_t source_stride, int width, int taps,
    const int16_t *weights, int32_t *sums);

#endif
