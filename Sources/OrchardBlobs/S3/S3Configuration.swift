import Foundation

/// Where an S3-compatible bucket is and how to sign for it, read from `ORCHARD_S3_*`.
public struct S3Configuration: Sendable {
  /// The service's base URL: `https://s3.eu-west-3.amazonaws.com`, `http://127.0.0.1:8333`.
  public let endpoint: URL
  public let region: String
  public let bucket: String
  let accessKey: String
  let secretKey: String
  /// Path-style (`endpoint/bucket/key`, every S3-compatible store) or virtual-hosted
  /// (`bucket.endpoint/key`, AWS's default for new buckets).
  public let pathStyle: Bool

  public init(
    endpoint: URL, region: String, bucket: String, accessKey: String, secretKey: String, pathStyle: Bool = true
  ) {
    self.endpoint = endpoint
    self.region = region
    self.bucket = bucket
    self.accessKey = accessKey
    self.secretKey = secretKey
    self.pathStyle = pathStyle
  }

  /// The configuration in `environment`, nil when `ORCHARD_S3_ENDPOINT` is not set (see
  /// ``init(variable:)``).
  public init?(environment: [String: String]) throws(S3ConfigurationError) {
    try self.init(variable: { environment[$0] })
  }

  /// The configuration the `ORCHARD_S3_*` variables give, each looked up by `variable` (the
  /// server's settings reader); nil when `ORCHARD_S3_ENDPOINT` is not set, and a partial
  /// configuration names what is missing.
  public init?(variable: (String) -> String?) throws(S3ConfigurationError) {
    func value(_ name: String) -> String? { variable(name).flatMap { $0.isEmpty ? nil : $0 } }
    guard let endpoint = value("ORCHARD_S3_ENDPOINT") else { return nil }
    guard let url = URL(string: endpoint), let scheme = url.scheme, ["http", "https"].contains(scheme),
      url.host != nil
    else { throw S3ConfigurationError(message: "ORCHARD_S3_ENDPOINT is not an http(s) URL: \(endpoint)") }
    guard let bucket = value("ORCHARD_S3_BUCKET"), let accessKey = value("ORCHARD_S3_ACCESS_KEY"),
      let secretKey = value("ORCHARD_S3_SECRET_KEY")
    else {
      let missing = ["ORCHARD_S3_BUCKET", "ORCHARD_S3_ACCESS_KEY", "ORCHARD_S3_SECRET_KEY"].filter { value($0) == nil }
      throw S3ConfigurationError(message: "ORCHARD_S3_ENDPOINT is set but not \(missing.joined(separator: ", "))")
    }
    self.init(
      endpoint: url, region: value("ORCHARD_S3_REGION") ?? "us-east-1", bucket: bucket, accessKey: accessKey,
      secretKey: secretKey, pathStyle: variable("ORCHARD_S3_VIRTUAL_HOSTED") != "1")
  }
}

/// An S3 configuration that cannot work, and why.
public struct S3ConfigurationError: Error, CustomStringConvertible, Sendable {
  public let message: String
  public var description: String { message }
}
