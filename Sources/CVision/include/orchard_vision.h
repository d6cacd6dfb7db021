// The calls Orchard makes into OpenCV's DNN module, each a plain C function over packed pixels:
// OpenCV's interface is C++, which the Swift code does not import.
#ifndef ORCHARD_VISION_H
#define ORCHARD_VISION_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A model read from an ONNX file. One run at a time: the caller keeps the runs apart.
typedef struct orchard_model orchard_model;

/// The model in the ONNX file at `path`, run on the CPU by `threads` threads, or NULL with the
/// reason written into `error`.
orchard_model *orchard_model_open(const char *path, int threads, char *error, size_t error_size);

void orchard_model_close(orchard_model *model);

/// How sure a salient-object model (U²-Net's input and output) is that each pixel belongs to the
/// picture's subject, from 0 to 1: `rgb` is `width` × `height` packed pixels with `channels` 3 or
/// 4 (the fourth is ignored), shrunk to `size` × `size` for the model; `out` receives
/// `out_width` × `out_height` values, row after row, the model's map scaled to that size and
/// stretched to span 0 to 1. Returns 0, or -1 with the reason in `error`.
int orchard_saliency(orchard_model *model, const uint8_t *rgb, int width, int height, int channels, int size,
  float *out, int out_width, int out_height, char *error, size_t error_size);

#ifdef __cplusplus
}
#endif

#endif
