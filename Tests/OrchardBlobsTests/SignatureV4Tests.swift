import Crypto
import Foundation
import OrchardKit
import Testing

@testable import OrchardBlobs

/// Signatures checked against the vectors AWS publishes: the Signature Version 4 test suite
/// (docs.aws.amazon.com/general/latest/gr/signature-v4-test-suite.html, service `service`) and the
/// worked examples of the S3 API reference ("Signature Calculations for the Authorization Header").
@Suite("Signature Version 4", .timeLimit(.minutes(5)))
struct SignatureV4Tests {
  struct Vector: CustomTestStringConvertible, Sendable {
    let name: String
    let method: String
    let path: String
    var query: [(String, String)] = []
    var headers: [(String, String)] = []
    var body = ""
    let signedHeaders: String
    let signature: String
    var testDescription: String { name }
  }

  static let suiteDate = Date(timeIntervalSince1970: 1_440_938_160)  // 2015-08-30T12:36:00Z
  static let suiteSigner = SignatureV4(
    accessKey: "AKIDEXAMPLE", secretKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", region: "us-east-1",
    service: "service")
  static let host = ("host", "example.amazonaws.com")
  static let stamp = ("x-amz-date", "20150830T123600Z")

  static let suite: [Vector] = [
    Vector(
      name: "get-vanilla", method: "GET", path: "/", headers: [host, stamp], signedHeaders: "host;x-amz-date",
      signature: "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"),
    Vector(
      name: "get-vanilla-query-order-key-case", method: "GET", path: "/",
      query: [("Param2", "value2"), ("Param1", "value1")], headers: [host, stamp], signedHeaders: "host;x-amz-date",
      signature: "b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500"),
    Vector(
      name: "get-vanilla-query-unreserved", method: "GET", path: "/",
      query: [
        (
          "-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
          "-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
        )
      ], headers: [host, stamp], signedHeaders: "host;x-amz-date",
      signature: "9c3e54bfcdf0b19771a7f523ee5669cdf59bc7cc0884027167c21bb143a40197"),
    Vector(
      name: "get-vanilla-utf8-query", method: "GET", path: "/", query: [("ሴ", "bar")], headers: [host, stamp],
      signedHeaders: "host;x-amz-date", signature: "2cdec8eed098649ff3a119c94853b13c643bcf08f8b0a1d91e12c9027818dd04"),
    Vector(
      name: "get-unreserved", method: "GET",
      path: "/-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", headers: [host, stamp],
      signedHeaders: "host;x-amz-date", signature: "07ef7494c76fa4850883e2b006601f940f8a34d404d0cfa977f52a65bbf5f24f"),
    Vector(
      name: "get-utf8", method: "GET", path: "/ሴ", headers: [host, stamp], signedHeaders: "host;x-amz-date",
      signature: "8318018e0b0f223aa2bbf98705b62bb787dc9c0e678f255a891fd03141be5d85"),
    Vector(
      name: "get-header-value-trim", method: "GET", path: "/",
      headers: [host, ("My-Header1", " value1"), ("My-Header2", " \"a   b   c\""), stamp],
      signedHeaders: "host;my-header1;my-header2;x-amz-date",
      signature: "acc3ed3afb60bb290fc8d2dd0098b9911fcaa05412b367055dee359757a9c736"),
    Vector(
      name: "get-header-value-order", method: "GET", path: "/",
      headers: [
        host, ("My-Header1", "value4"), ("My-Header1", "value1"), ("My-Header1", "value3"),
        ("My-Header1", "value2"), stamp,
      ],
      signedHeaders: "host;my-header1;x-amz-date",
      signature: "08c7e5a9acfcfeb3ab6b2185e75ce8b1deb5e634ec47601a50643f830c755c01"),
    Vector(
      name: "post-header-key-sort", method: "POST", path: "/", headers: [host, ("My-Header1", "value1"), stamp],
      signedHeaders: "host;my-header1;x-amz-date",
      signature: "c5410059b04c1ee005303aed430f6e6645f61f4dc9e1461ec8f8916fdf18852c"),
    Vector(
      name: "post-header-value-case", method: "POST", path: "/", headers: [host, ("My-Header1", "VALUE1"), stamp],
      signedHeaders: "host;my-header1;x-amz-date",
      signature: "cdbc9802e29d2942e5e10b5bccfdd67c5f22c7c4e8ae67b53629efa58b974b7d"),
    Vector(
      name: "post-vanilla-query-nonunreserved", method: "POST", path: "/",
      query: [("@#$%^", ""), ("+", "/,?><`\";:\\|][{}")], headers: [host, stamp], signedHeaders: "host;x-amz-date",
      signature: "66c82657c86e26fb25238d0e69f011edc4c6df5ae71119d7cb98ed9b87393c1e"),
    Vector(
      name: "post-x-www-form-urlencoded", method: "POST", path: "/",
      headers: [("Content-Type", "application/x-www-form-urlencoded"), host, stamp], body: "Param1=value1",
      signedHeaders: "content-type;host;x-amz-date",
      signature: "ff11897932ad3f4e8b18135d722051e5ac45fc38421b1da7b9d196a0fe09473a"),
  ]

  @Test("the AWS test suite's requests get the signatures it publishes", arguments: suite)
  func suiteVector(_ vector: Vector) {
    let authorization = Self.suiteSigner.authorization(
      method: vector.method, path: vector.path, query: vector.query, headers: vector.headers,
      payloadHash: Hex.sha256(vector.body), date: Self.suiteDate)
    #expect(
      authorization
        == "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, "
        + "SignedHeaders=\(vector.signedHeaders), Signature=\(vector.signature)")
  }

  static let s3Date = Date(timeIntervalSince1970: 1_369_353_600)  // 2013-05-24T00:00:00Z
  static let s3Signer = SignatureV4(
    accessKey: "AKIAIOSFODNN7EXAMPLE", secretKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", region: "us-east-1")
  static let bucketHost = ("host", "examplebucket.s3.amazonaws.com")
  static let s3Stamp = ("x-amz-date", "20130524T000000Z")
  static let empty = ("x-amz-content-sha256", SignatureV4.emptyPayloadHash)

  static let s3Examples: [Vector] = [
    Vector(
      name: "GET Object with a range", method: "GET", path: "/test.txt",
      headers: [bucketHost, ("Range", "bytes=0-9"), empty, s3Stamp],
      signedHeaders: "host;range;x-amz-content-sha256;x-amz-date",
      signature: "f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41"),
    Vector(
      name: "PUT Object", method: "PUT", path: "/test$file.text",
      headers: [
        ("Date", "Fri, 24 May 2013 00:00:00 GMT"), bucketHost, s3Stamp, ("x-amz-storage-class", "REDUCED_REDUNDANCY"),
        ("x-amz-content-sha256", Hex.sha256("Welcome to Amazon S3.")),
      ], body: "Welcome to Amazon S3.", signedHeaders: "date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class",
      signature: "98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd"),
    Vector(
      name: "GET Bucket lifecycle", method: "GET", path: "/", query: [("lifecycle", "")],
      headers: [bucketHost, empty, s3Stamp], signedHeaders: "host;x-amz-content-sha256;x-amz-date",
      signature: "fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543"),
    Vector(
      name: "GET Bucket (list objects)", method: "GET", path: "/", query: [("prefix", "J"), ("max-keys", "2")],
      headers: [bucketHost, empty, s3Stamp], signedHeaders: "host;x-amz-content-sha256;x-amz-date",
      signature: "34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7"),
  ]

  @Test("the S3 reference's examples get the signatures it publishes", arguments: s3Examples)
  func s3Example(_ vector: Vector) {
    let authorization = Self.s3Signer.authorization(
      method: vector.method, path: vector.path, query: vector.query, headers: vector.headers,
      payloadHash: Hex.sha256(vector.body), date: Self.s3Date)
    #expect(
      authorization
        == "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, "
        + "SignedHeaders=\(vector.signedHeaders), Signature=\(vector.signature)")
  }

  @Test("the canonical request of the S3 GET example is the one the reference prints")
  func canonicalRequest() {
    let (request, signed) = Self.s3Signer.canonicalRequest(
      method: "GET", path: "/test.txt", query: [],
      headers: [Self.bucketHost, ("Range", "bytes=0-9"), Self.empty, Self.s3Stamp],
      payloadHash: SignatureV4.emptyPayloadHash)
    #expect(
      request == """
        GET
        /test.txt

        host:examplebucket.s3.amazonaws.com
        range:bytes=0-9
        x-amz-content-sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
        x-amz-date:20130524T000000Z

        host;range;x-amz-content-sha256;x-amz-date
        e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
        """)
    #expect(signed == "host;range;x-amz-content-sha256;x-amz-date")
  }

  @Test(
    "x-amz-date is UTC, to the second, across a leap day and a year's end",
    arguments: [
      (1_440_938_160.0, "20150830T123600Z"), (1_709_251_199.9, "20240229T235959Z"),
      (946_684_799.0, "19991231T235959Z"), (951_782_400.0, "20000229T000000Z"),
    ])
  func timestamp(seconds: Double, expected: String) {
    #expect(SignatureV4.timestamp(Date(timeIntervalSince1970: seconds)) == expected)
  }

  @Test("a path is encoded a segment at a time, once, with its slashes kept")
  func pathEncoding() {
    #expect(
      SignatureV4.encodePath("/photos/été 2013/a+b (1)~x_y-z.jpg")
        == "/photos/%C3%A9t%C3%A9%202013/a%2Bb%20%281%29~x_y-z.jpg")
  }
}

extension Hex {
  static func sha256(_ text: String) -> String { lowercase(SHA256.hash(data: Array(text.utf8))) }
}
