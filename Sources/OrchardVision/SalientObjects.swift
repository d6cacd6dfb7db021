import CVision
import Foundation
import NIOPosix

/// Finds the subject of a photo: U²-Net's small model (U2-Netp, by Xuebin Qin and others,
/// Apache-2.0), trained to pick out the salient object of a picture, run by OpenCV on the CPU.
/// Given a photo, it says for each pixel how sure it is the pixel belongs to the subject.
public final class SalientObjects: Sendable {
  /// The model's input: a square of 320 pixels.
  public static let inputSize = 320

  private let model: VisionModel

  /// The shipped model, read once per process when first asked for.
  public static func shipped() throws -> SalientObjects { try loaded.get() }
  private static let loaded = Result { try SalientObjects() }

  /// The model shipped with Orchard (`Models/u2netp.onnx`), or one at `file`.
  public init(file: URL? = nil, threads: Int = 2, pool: NIOThreadPool = .singleton) throws {
    guard let file = file ?? VisionModel.bundled("u2netp.onnx") else {
      throw VisionError.unreadable("u2netp.onnx is not in the bundle")
    }
    model = try VisionModel(file: file, threads: threads, pool: pool)
  }

  /// How sure the model is, pixel by pixel, that each belongs to the subject of `pixels`: values
  /// from 0 to 1 (stretched to span the whole range), `width` × `height`, row after row.
  public func subject(of pixels: VisionPixels, width: Int, height: Int) async throws -> [Float] {
    try await model.run { handle, error, errorSize in
      var values = [Float](repeating: 0, count: width * height)
      let status = pixels.bytes.withUnsafeBufferPointer { bytes in
        values.withUnsafeMutableBufferPointer { out in
          orchard_saliency(
            handle, bytes.baseAddress, Int32(pixels.width), Int32(pixels.height), Int32(pixels.channels),
            Int32(Self.inputSize), out.baseAddress, Int32(width), Int32(height), error, errorSize)
        }
      }
      return (status, values)
    }
  }
}
