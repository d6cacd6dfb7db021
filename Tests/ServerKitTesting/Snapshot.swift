import Foundation
import HTTPTypes
import SnapshotTesting
import Testing

/// Compares text with a file committed beside the tests, through swift-snapshot-testing:
/// `__Snapshots__/<test file>/<test function>.<name>.txt` next to the calling test file. A missing
/// file is written and the test fails, and `SNAPSHOT_TESTING_RECORD=all` rewrites every one, so a
/// snapshot is only ever accepted by someone reading the diff and committing it.
public func expectSnapshot(
  _ text: String, named name: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  function: String = #function, line: UInt = #line, column: UInt = #column
) {
  assertSnapshot(
    of: text, as: .lines, named: name, fileID: fileID, file: filePath, testName: function, line: line, column: column)
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
