import CVision
import Foundation
import NIOPosix
import Synchronization

/// Why a model could not be read or run.
public enum VisionError: Error, Equatable, CustomStringConvertible {
  /// The model file is missing or OpenCV could not read it.
  case unreadable(String)
  /// A run failed (OpenCV's reason).
  case failed(String)

  public var description: String {
    switch self {
    case .unreadable(let reason): "the model could not be read: \(reason)"
    case .failed(let reason): "the model could not run: \(reason)"
    }
  }
}

/// Packed 8-bit pixels as a model takes them: RGB or RGBA, row after row.
public struct VisionPixels: Sendable {
  public let width: Int
  public let height: Int
  public let channels: Int
  public let bytes: [UInt8]

  public init(width: Int, height: Int, channels: Int, bytes: [UInt8]) {
    precondition(channels == 3 || channels == 4, "RGB or RGBA")
    precondition(bytes.count == width * height * channels, "the bytes must fill the image")
    (self.width, self.height, self.channels, self.bytes) = (width, height, channels, bytes)
  }
}

/// An ONNX model read once by OpenCV's DNN module and run on the CPU, one run at a time, on NIO's
/// thread pool (never on the caller's task).
final class VisionModel: Sendable {
  /// The OpenCV handle, closed with the model.
  private struct Handle: ~Copyable {
    let pointer: OpaquePointer
    deinit { orchard_model_close(pointer) }
  }

  private let handle: Mutex<Handle>
  private let pool: NIOThreadPool

  /// The model in `file`, run by `threads` threads.
  init(file: URL, threads: Int, pool: NIOThreadPool) throws {
    var error = [CChar](repeating: 0, count: 512)
    guard let pointer = orchard_model_open(file.path, Int32(threads), &error, error.count) else {
      throw VisionError.unreadable(String(decoding: error.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self))
    }
    handle = Mutex(Handle(pointer: pointer))
    self.pool = pool
  }

  /// `work` given the model's handle and an error buffer, on the thread pool; a non-zero answer
  /// is thrown with the reason OpenCV wrote.
  func run<Result: Sendable>(
    _ work: @escaping @Sendable (OpaquePointer, UnsafeMutablePointer<CChar>, Int) -> (Int32, Result)
  ) async throws -> Result {
    try await pool.runIfActive {
      try self.handle.withLock { handle in
        var error = [CChar](repeating: 0, count: 512)
        let (status, result) = error.withUnsafeMutableBufferPointer { buffer in
          work(handle.pointer, buffer.baseAddress!, buffer.count)
        }
        guard status == 0 else {
          throw VisionError.failed(String(decoding: error.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self))
        }
        return result
      }
    }
  }

  /// A model shipped with this module, by its file name.
  static func bundled(_ name: String) -> URL? {
    Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Models")
  }
}
