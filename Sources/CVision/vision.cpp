#include "orchard_vision.h"

#include <algorithm>
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/dnn.hpp>
#include <opencv2/imgproc.hpp>

struct orchard_model {
  cv::dnn::Net net;
  std::vector<std::string> outputs;
};

namespace {

void say(char *error, size_t size, const char *what) {
  if (error && size > 0) std::snprintf(error, size, "%s", what);
}

// The pixels as an RGB matrix of floats at `size` × `size`, area-averaged when shrinking.
cv::Mat square(const uint8_t *rgb, int width, int height, int channels, int size) {
  cv::Mat packed(height, width, channels == 4 ? CV_8UC4 : CV_8UC3, const_cast<uint8_t *>(rgb));
  cv::Mat three;
  if (channels == 4) {
    cv::cvtColor(packed, three, cv::COLOR_RGBA2RGB);
  } else {
    three = packed;
  }
  cv::Mat shrunk;
  int interpolation = (width > size || height > size) ? cv::INTER_AREA : cv::INTER_LINEAR;
  cv::resize(three, shrunk, cv::Size(size, size), 0, 0, interpolation);
  cv::Mat floats;
  shrunk.convertTo(floats, CV_32FC3);
  return floats;
}

}  // namespace

extern "C" orchard_model *orchard_model_open(const char *path, int threads, char *error, size_t error_size) {
  try {
    cv::setNumThreads(threads);
    auto *model = new orchard_model();
    model->net = cv::dnn::readNetFromONNX(path);
    model->net.setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
    model->net.setPreferableTarget(cv::dnn::DNN_TARGET_CPU);
    model->outputs = model->net.getUnconnectedOutLayersNames();
    if (model->outputs.empty()) {
      delete model;
      say(error, error_size, "the model has no output");
      return nullptr;
    }
    return model;
  } catch (const std::exception &failure) {
    say(error, error_size, failure.what());
    return nullptr;
  }
}

extern "C" void orchard_model_close(orchard_model *model) { delete model; }

extern "C" int orchard_saliency(orchard_model *model, const uint8_t *rgb, int width, int height, int channels,
  int size, float *out, int out_width, int out_height, char *error, size_t error_size) {
  try {
    cv::Mat input = square(rgb, width, height, channels, size);
    double lowest = 0, highest = 0;
    cv::minMaxLoc(input.reshape(1), &lowest, &highest);
    input /= std::max(highest, 1e-6);
    // ImageNet's mean and deviation, per channel (R, G, B), as U²-Net was trained.
    cv::subtract(input, cv::Scalar(0.485, 0.456, 0.406), input);
    cv::divide(input, cv::Scalar(0.229, 0.224, 0.225), input);
    cv::Mat blob = cv::dnn::blobFromImage(input);
    cv::Mat result;
    model->net.setInput(blob);
    // The first output is the fused map (d0); the rest are the side outputs it was made from.
    result = model->net.forward(model->outputs.front()).clone();
    if (result.dims != 4 || result.size[2] <= 0 || result.size[3] <= 0) {
      say(error, error_size, "the model's output is not a map");
      return -1;
    }
    cv::Mat map(result.size[2], result.size[3], CV_32F, result.ptr<float>(0, 0));
    cv::minMaxLoc(map, &lowest, &highest);
    cv::Mat stretched = (map - lowest) / std::max(highest - lowest, 1e-6);
    cv::Mat target(out_height, out_width, CV_32F, out);
    cv::resize(stretched, target, cv::Size(out_width, out_height), 0, 0, cv::INTER_LINEAR);
    return 0;
  } catch (const std::exception &failure) {
    say(error, error_size, failure.what());
    return -1;
  }
}
