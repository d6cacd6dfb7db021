import Foundation
import HTTPTypes
import Testing

/// Compares text with a file committed beside the tests (`__Snapshots__/<name>.txt` next to the
/// calling test file). A missing file, or `ORCHARD_RECORD_SNAPSHOTS=1`, writes it and fails the
/// test, so a snapshot is only ever accepted by someone reading the diff and committing it.
public func expectSnapshot(
  _ text: String, named name: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
  let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
  let file = directory.appendingPathComponent("\(name).txt")
  let record = ProcessInfo.processInfo.environment["ORCHARD_RECORD_SNAPSHOTS"] == "1"
  guard !record, let stored = try? String(contentsOf: file, encoding: .utf8) else {
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try? text.write(to: file, atomically: true, encoding: .utf8)
    Issue.record(
      "Recorded the snapshot \(file.lastPathComponent); check it and run again.", sourceLocation: sourceLocation)
    return
  }
  guard stored != text else { return }
  let old = stored.split(separator: "\n", omittingEmptySubsequences: false)
  let new = text.split(separator: "\n", omittingEmptySubsequences: false)
  let line = zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
  let was = line < old.count ? String(old[line]) : "(end)"
  let now = line < new.count ? String(new[line]) : "(end)"
  Issue.record(
    "\(file.lastPathComponent) differs at line \(line + 1):\n  was: \(was)\n  now: \(now)\nRun with ORCHARD_RECORD_SNAPSHOTS=1 to accept.",
    sourceLocation: sourceLocation)
}

/// A response as a snapshot shows it: the status, the headers a page promises (sorted), and the
/// body, with the content hashes of asset addresses written as `HASH` so a stylesheet edit does not
/// change every page's snapshot.
public func snapshotText(status: HTTPResponse.Status, headers: HTTPFields, body: String) -> String {
  let shown: [HTTPField.Name] = [
    .contentType, .cacheControl, .location, .contentSecurityPolicy, HTTPField.Name("X-Content-Type-Options")!,
    HTTPField.Name("Referrer-Policy")!, .allow,
  ]
  let lines = shown.compactMap { name in headers[name].map { "\(name.canonicalName): \($0)" } }.sorted()
  let hashed = body.replacing(#/(/assets/[^"\s]+?)\.[0-9a-f]{8,}(\.[a-z0-9]+)"/#) { match in
    "\(match.1).HASH\(match.2)\""
  }
  return (["\(status.code) \(status.reasonPhrase)"] + lines + ["", hashed]).joined(separator: "\n")
}
