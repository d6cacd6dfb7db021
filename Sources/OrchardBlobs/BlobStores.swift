/// The store a server uses, from its configuration: S3-compatible object storage when
/// `ORCHARD_S3_ENDPOINT` is set (several servers share it), otherwise `blobs/` in the data
/// directory.
public enum BlobStores {
  public static func configured(environment: [String: String], dataDirectory: String) throws -> any BlobStore {
    try configured(variable: { environment[$0] }, dataDirectory: dataDirectory)
  }

  /// The same, each `ORCHARD_S3_*` variable looked up by `variable` (the server's settings reader).
  public static func configured(variable: (String) -> String?, dataDirectory: String) throws -> any BlobStore {
    if let s3 = try S3Configuration(variable: variable) { return S3BlobStore(s3) }
    return LocalBlobStore(root: dataDirectory + "/blobs")
  }
}
