// The calls Orchard makes into libvips, each a plain C function: most vips operations take
// NULL-terminated variadic options, which Swift cannot call.
#ifndef ORCHARD_VIPS_SHIM_H
#define ORCHARD_VIPS_SHIM_H

#include <vips/vips.h>

/// Starts libvips once per process: `threads` workers per pipeline, no operation cache (each photo
/// is seen once, so a cache only holds memory), and no loader libvips marks as untrusted.
static inline int orchard_vips_start(int threads) {
  if (VIPS_INIT("orchard")) return -1;
  vips_concurrency_set(threads);
  vips_cache_set_max(0);
  vips_cache_set_max_mem(0);
  vips_cache_set_max_files(0);
  vips_block_untrusted_set(TRUE);
  return 0;
}

/// The image in `buffer` with its header read and no pixel decoded: its size can be checked
/// before anything is allocated for them. A damaged file fails here or at the first pixel read.
static inline VipsImage *orchard_vips_header(const void *buffer, size_t length) {
  return vips_image_new_from_buffer(buffer, length, "", "access", VIPS_ACCESS_SEQUENTIAL, "fail_on",
    VIPS_FAIL_ON_ERROR, NULL);
}

/// The image turned upright by its EXIF orientation and shrunk (never enlarged) to fit `size` ×
/// `size`, decoding at a reduced scale where the format allows (JPEG, WebP, HEIC).
static inline int orchard_vips_thumbnail(const void *buffer, size_t length, int size, VipsImage **out) {
  return vips_thumbnail_buffer((void *)buffer, length, out, size, "height", size, "size", VIPS_SIZE_DOWN,
    "option_string", "fail_on=error", NULL);
}

/// A new reference to the same pixels.
static inline int orchard_vips_copy(VipsImage *in, VipsImage **out) { return vips_copy(in, out, NULL); }

/// The same for an image already decoded.
static inline int orchard_vips_thumbnail_image(VipsImage *in, int size, VipsImage **out) {
  return vips_thumbnail_image(in, out, size, "height", size, "size", VIPS_SIZE_DOWN, NULL);
}

/// The image in sRGB, 8 bits a channel: its embedded colour profile (Display P3 from an iPhone)
/// applied first, so the colours survive when metadata is stripped.
static inline int orchard_vips_srgb(VipsImage *in, VipsImage **out) {
  VipsImage *converted = NULL;
  int failed = vips_image_get_typeof(in, VIPS_META_ICC_NAME)
    ? vips_icc_transform(in, &converted, "srgb", "embedded", TRUE, "intent", VIPS_INTENT_PERCEPTUAL, NULL)
    : vips_colourspace(in, &converted, VIPS_INTERPRETATION_sRGB, NULL);
  if (failed) return -1;
  failed = vips_cast_uchar(converted, out, NULL);
  g_object_unref(converted);
  return failed;
}

/// The image shrunk or enlarged to fit `width` × `height`, keeping its proportions.
static inline int orchard_vips_fit(VipsImage *in, int width, int height, VipsImage **out) {
  return vips_thumbnail_image(in, out, width, "height", height, "size", VIPS_SIZE_BOTH, NULL);
}

/// `overlay` (with its transparency) laid over `base` with its top-left corner at `x`, `y`.
static inline int orchard_vips_over(VipsImage *base, VipsImage *overlay, int x, int y, VipsImage **out) {
  return vips_composite2(base, overlay, out, VIPS_BLEND_MODE_OVER, "x", x, "y", y, NULL);
}

/// The image without transparency, laid on white (JPEG has no alpha).
static inline int orchard_vips_flatten_white(VipsImage *in, VipsImage **out) {
  if (!vips_image_hasalpha(in)) return vips_copy(in, out, NULL);
  VipsArrayDouble *white = vips_array_double_newv(3, 255.0, 255.0, 255.0);
  int failed = vips_flatten(in, out, "background", white, NULL);
  vips_area_unref(VIPS_AREA(white));
  return failed;
}

/// The image with every metadata field removed: EXIF (and with it any GPS position), XMP, IPTC,
/// the colour profile, comments. Savers are also told to strip, but WebP in libvips 8.14 still
/// writes the EXIF it finds, so nothing is left for any saver to find.
static inline int orchard_vips_without_metadata(VipsImage *in, VipsImage **out) {
  if (vips_copy(in, out, NULL)) return -1;
  gchar **fields = vips_image_get_fields(*out);
  for (int i = 0; fields[i] != NULL; i++) vips_image_remove(*out, fields[i]);
  g_strfreev(fields);
  return 0;
}

/// Encoders, each writing no metadata at all: no EXIF (so no GPS position), no XMP, no profile.
/// A JPEG is progressive when `progressive` is 1, sequential when 0; at -1, progressive above
/// 600 px on the long edge (a large one shows whole, then sharpens).
static inline int orchard_vips_jpeg(VipsImage *in, int quality, int progressive, void **buffer, size_t *length) {
  gboolean interlace = progressive >= 0 ? progressive : VIPS_MAX(vips_image_get_width(in), vips_image_get_height(in)) > 600;
  return vips_jpegsave_buffer(in, buffer, length, "Q", quality, "strip", TRUE, "optimize_coding", TRUE,
    "interlace", interlace, NULL);
}

static inline int orchard_vips_webp(VipsImage *in, int quality, void **buffer, size_t *length) {
  return vips_webpsave_buffer(in, buffer, length, "Q", quality, "strip", TRUE, NULL);
}

static inline int orchard_vips_png(VipsImage *in, void **buffer, size_t *length) {
  return vips_pngsave_buffer(in, buffer, length, "strip", TRUE, "compression", 6, NULL);
}

static inline int orchard_vips_heic(VipsImage *in, int quality, void **buffer, size_t *length) {
  return vips_heifsave_buffer(in, buffer, length, "Q", quality, "compression", VIPS_FOREIGN_HEIF_COMPRESSION_HEVC,
    NULL);
}

/// The pixels as packed 8-bit RGB, row by row (alpha dropped): for background removal.
static inline void *orchard_vips_rgb_pixels(VipsImage *in, size_t *length) {
  VipsImage *rgb = NULL;
  if (vips_extract_band(in, &rgb, 0, "n", 3, NULL)) return NULL;
  void *pixels = vips_image_write_to_memory(rgb, length);
  g_object_unref(rgb);
  return pixels;
}

/// The mean of the alpha channel over 255 (1 for an image without one): how much a cutout kept.
static inline int orchard_vips_alpha_mean(VipsImage *in, double *mean) {
  if (!vips_image_hasalpha(in)) { *mean = 255.0; return 0; }
  VipsImage *alpha = NULL;
  if (vips_extract_band(in, &alpha, vips_image_get_bands(in) - 1, NULL)) return -1;
  int failed = vips_avg(alpha, mean, NULL);
  g_object_unref(alpha);
  return failed;
}

/// An image over a copy of packed 8-bit pixels with `bands` channels.
static inline VipsImage *orchard_vips_from_pixels(const void *pixels, size_t length, int width, int height, int bands) {
  VipsImage *image = vips_image_new_from_memory_copy(pixels, length, width, height, bands, VIPS_FORMAT_UCHAR);
  if (image) image->Type = bands >= 3 ? VIPS_INTERPRETATION_sRGB : VIPS_INTERPRETATION_B_W;
  return image;
}

#endif
