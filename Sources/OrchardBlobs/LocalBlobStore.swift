import Foundation
import NIOPosix

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Blobs as files under a directory of the server's own (by default `blobs/` in the data
/// directory): the store for one server, and for development.
///
/// A write goes to a hidden temporary file beside its destination, is flushed to disk and then
/// renamed over it, so a crash leaves the old file or the new one, never half of one. Paths are
/// built only from ``BlobKey`` segments, which cannot name anything outside `root`. Files and
/// folders are readable by the server's user alone. Disk work runs on a thread pool, never on an
/// event loop.
public struct LocalBlobStore: BlobStore {
  /// The directory every key lives under.
  public let root: String
  private let pool: NIOThreadPool

  public init(root: String, pool: NIOThreadPool = .singleton) {
    self.root = root.hasSuffix("/") && root.count > 1 ? String(root.dropLast()) : root
    self.pool = pool
  }

  public func put(_ key: BlobKey, bytes: [UInt8], contentType: String) async throws {
    let path = path(of: key)
    try await pool.runIfActive { try Self.store(bytes, at: path) }
  }

  public func get(_ key: BlobKey) async throws -> [UInt8]? {
    let path = path(of: key)
    return try await pool.runIfActive { try Self.load(path) }
  }

  public func delete(_ key: BlobKey) async throws {
    let path = path(of: key)
    try await pool.runIfActive {
      if unlink(path) != 0, errno != ENOENT { throw Self.error("delete \(key)") }
    }
  }

  public func list(under prefix: BlobKey) async throws -> [BlobKey] {
    let directory = path(of: prefix)
    return try await pool.runIfActive { try Self.files(under: directory, prefix: prefix) }
  }

  public func entries(under prefix: BlobKey) async throws -> [BlobEntry] {
    let directory = path(of: prefix)
    return try await pool.runIfActive {
      try Self.files(under: directory, prefix: prefix).compactMap { key in
        Self.modified(Self.join(directory, key.segments.dropFirst(prefix.segments.count))).map {
          BlobEntry(key: key, modified: $0)
        }
      }
    }
  }

  /// Removes the hidden temporary files of writes a crash cut off, anywhere under `root`.
  @discardableResult
  public func deleteUnfinishedWrites(before cutoff: Date) async throws -> Int {
    let root = root
    return try await pool.runIfActive {
      guard FileManager.default.fileExists(atPath: root) else { return 0 }
      var removed = 0
      for relative in try FileManager.default.subpathsOfDirectory(atPath: root) {
        let name = relative.split(separator: "/").last.map(String.init) ?? relative
        let path = root + "/" + relative
        guard name.hasPrefix(Self.temporaryPrefix), let modified = Self.modified(path), modified < cutoff else {
          continue
        }
        if unlink(path) == 0 {
          removed += 1
        } else if errno != ENOENT {
          throw Self.error("delete \(path)")
        }
      }
      return removed
    }
  }

  @discardableResult
  public func deleteAll(under prefix: BlobKey) async throws -> Int {
    let directory = path(of: prefix)
    return try await pool.runIfActive {
      let count = try Self.files(under: directory, prefix: prefix).count
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
        try FileManager.default.removeItem(atPath: directory)
      }
      return count
    }
  }

  func path(of key: BlobKey) -> String { root + "/" + key.description }

  private static func store(_ bytes: [UInt8], at path: String) throws {
    let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    try FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let temporary = directory + "/" + temporaryPrefix + String(UInt64.random(in: .min ... .max), radix: 36)
    let file = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard file >= 0 else { throw error("create \(temporary)") }
    do {
      defer { close(file) }
      try bytes.withUnsafeBytes { buffer in
        var written = 0
        while written < buffer.count {
          let count = write(file, buffer.baseAddress! + written, buffer.count - written)
          if count < 0, errno == EINTR { continue }
          guard count > 0 else { throw error("write \(path)") }
          written += count
        }
      }
      guard fsync(file) == 0 else { throw error("flush \(path)") }
      guard rename(temporary, path) == 0 else { throw error("rename onto \(path)") }
    } catch {
      unlink(temporary)
      throw error
    }
    // The rename is durable once the folder that holds it is flushed too.
    let folder = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if folder >= 0 {
      fsync(folder)
      close(folder)
    }
  }

  /// How a write's temporary file is named: hidden, so no key can name it.
  static let temporaryPrefix = ".tmp-"

  private static func join(_ directory: String, _ segments: ArraySlice<String>) -> String {
    segments.isEmpty ? directory : directory + "/" + segments.joined(separator: "/")
  }

  /// When the file at `path` was last written; nil when it is gone.
  private static func modified(_ path: String) -> Date? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return Date(
      timeIntervalSince1970: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1_000_000_000)
  }

  private static func load(_ path: String) throws -> [UInt8]? {
    let file = open(path, O_RDONLY | O_CLOEXEC)
    guard file >= 0 else {
      if errno == ENOENT || errno == ENOTDIR { return nil }
      throw error("open \(path)")
    }
    defer { close(file) }
    var status = stat()
    guard fstat(file, &status) == 0 else { throw error("stat \(path)") }
    let size = Int(status.st_size)
    var bytes = [UInt8](repeating: 0, count: size)
    var done = 0
    try bytes.withUnsafeMutableBytes { buffer in
      while done < size {
        let count = read(file, buffer.baseAddress! + done, size - done)
        if count < 0, errno == EINTR { continue }
        guard count >= 0 else { throw error("read \(path)") }
        if count == 0 { break }
        done += count
      }
    }
    return done == size ? bytes : Array(bytes.prefix(done))
  }

  /// The keys of the files under `directory`, skipping unfinished writes (hidden files).
  private static func files(under directory: String, prefix: BlobKey) throws -> [BlobKey] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else { return [] }
    guard isDirectory.boolValue else { return [prefix] }
    return try FileManager.default.subpathsOfDirectory(atPath: directory).compactMap { relative in
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: directory + "/" + relative, isDirectory: &isFolder),
        !isFolder.boolValue
      else { return nil }
      return BlobKey(prefix.segments + relative.split(separator: "/").map(String.init))
    }
  }

  private static func error(_ operation: String) -> BlobStoreError {
    BlobStoreError(operation, cause: String(cString: strerror(errno)))
  }
}
