/// The store a server uses, from its configuration: S3-compatible object storage when
/// `ORCHARD_S3_ENDPOINT` is set (several servers share it), otherwise `blobs/` in the data
/// directory.
public enum BlobStores {
  public static func configured(environment: [String: String], dataDirectory: String) throws -> any BlobStore {
    if let s3 = try S3Configuration(environment: environment) { return S3BlobStore(s3) }
    return LocalBlobStore(root: dataDirectory + "/blobs")
  }
}
