import ArgumentParser
import Foundation
import OrchardImages
import WearbloomCore
import WearbloomServer

/// `orchard wearbloom …`: Wearbloom's maintenance tasks.
struct WearbloomCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "wearbloom", abstract: "Wearbloom's maintenance tasks.", subcommands: [Cutout.self])

  struct Cutout: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Cut a garment out of a photo with the local background removal, as uploads are.",
      discussion: """
        Writes the cutout as a PNG with transparency, or exits 3 naming the quality check's reason \
        when the cutout is refused (the wardrobe then shows the photo itself). The stock garments \
        are made with it (scripts/build-wearbloom-stock).
        """)

    @Argument(help: "The photo (JPEG, PNG, WebP or HEIC).")
    var photo: String

    @Argument(help: "Where to write the cutout (PNG).")
    var output: String

    func run() async throws {
      let images = ImageProcessor()
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: photo)))
      let prepared = try await images.render(
        bytes, as: [Rendition(longEdge: UploadPolicy.longEdge, format: .jpeg, quality: 92)],
        maximumPixels: UploadPolicy.maximumPixels)
      guard let jpeg = prepared.first?.value.bytes else { throw ExitCode.failure }
      switch try await LocalBackgroundRemover(images: images).removeBackground(from: jpeg) {
      case .cutout(let png):
        try Data(png).write(to: URL(fileURLWithPath: output))
      case .refused(let reason):
        FileHandle.standardError.write(Data("refused: \(reason)\n".utf8))
        throw ExitCode(3)
      }
    }
  }
}
