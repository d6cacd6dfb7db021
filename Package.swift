// swift-tools-version:6.2
import PackageDescription

// Orchard: five apps grown from one package.
// Three sections, as the architecture describes: shared cores (platform-free), the server
// (Linux and macOS), and the Apple-only client shells (appended only where SwiftUI exists).

let package = Package(
  name: "Orchard",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "OrchardKit", targets: ["OrchardKit"]),
    .library(name: "FaithJarCore", targets: ["FaithJarCore"]),
    .library(name: "MIGACore", targets: ["MIGACore"]),
    .library(name: "DangdaiCore", targets: ["DangdaiCore"]),
    .library(name: "WalkWorthyCore", targets: ["WalkWorthyCore"]),
    .library(name: "WearbloomCore", targets: ["WearbloomCore"]),
    .library(name: "IdentityCore", targets: ["IdentityCore"]),
    .executable(name: "orchard", targets: ["Orchard"]),
    .executable(name: "orchard-bench", targets: ["OrchardBench"]),
    .executable(name: "orchard-job-probe", targets: ["OrchardJobProbe"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
    .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
    .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
    .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
    .package(url: "https://github.com/apple/swift-openapi-generator.git", from: "1.14.3"),
    .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
    .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
    .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird.git", from: "2.1.0"),
    .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
    .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.7.1"),
    .package(url: "https://github.com/apple/swift-certificates.git", from: "1.15.0"),
    .package(url: "https://github.com/apple/swift-asn1.git", from: "1.3.0"),
    .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
    .package(url: "https://github.com/vapor/sqlite-kit.git", from: "4.5.2"),
    .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.17.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    .package(url: "https://github.com/apple/swift-configuration.git", from: "1.4.0"),
    .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing.git", from: "1.19.7"),
    .package(url: "https://github.com/vapor/multipart-kit.git", from: "4.7.1"),
  ],
  targets: []
)

let swiftSettings: [SwiftSetting] = [
  .swiftLanguageMode(.v6),
  .enableUpcomingFeature("ExistentialAny"),
]

// MARK: - Shared cores (FoundationEssentials and Observation only)

package.targets += [
  .target(name: "OrchardKit", swiftSettings: swiftSettings),
  .target(name: "FaithJarCore", dependencies: ["OrchardKit"], swiftSettings: swiftSettings),
  .testTarget(
    name: "FaithJarCoreTests", dependencies: ["ContentTesting", "FaithJarCore", "OrchardKit"],
    swiftSettings: swiftSettings),
  // What the content tests read from ../shared/data (the public-domain Bibles and texts), read once.
  .target(name: "ContentTesting", path: "Tests/ContentTesting", swiftSettings: swiftSettings),
  .target(name: "MIGACore", dependencies: ["OrchardKit"], swiftSettings: swiftSettings),
  .target(name: "DangdaiCore", dependencies: ["OrchardKit"], swiftSettings: swiftSettings),
  .testTarget(name: "DangdaiCoreTests", dependencies: ["DangdaiCore", "OrchardKit"], swiftSettings: swiftSettings),
  .target(name: "WalkWorthyCore", dependencies: ["OrchardKit"], swiftSettings: swiftSettings),
  .testTarget(
    name: "WalkWorthyCoreTests", dependencies: ["ContentTesting", "WalkWorthyCore", "OrchardKit"],
    swiftSettings: swiftSettings),
  .target(name: "WearbloomCore", dependencies: ["OrchardKit"], swiftSettings: swiftSettings),
  .testTarget(
    name: "WearbloomCoreTests",
    dependencies: ["WearbloomCore", "OrchardKit", .product(name: "PropertyBased", package: "swift-property-based")],
    swiftSettings: swiftSettings),
  .executableTarget(
    name: "OrchardBench",
    dependencies: [
      "DangdaiCore", "MIGACore", "OrchardIdentity", "OrchardImages", "OrchardKit", "OrchardDatabase", "OrchardVision",
      "ServerKit", "WearbloomCore", "WearbloomServer",
    ],
    swiftSettings: swiftSettings),
  .testTarget(
    name: "MIGACoreTests", dependencies: ["ContentTesting", "MIGACore", "OrchardKit"], swiftSettings: swiftSettings),
  .target(name: "IdentityCore", dependencies: ["OrchardKit"], swiftSettings: swiftSettings),
  .testTarget(
    name: "IdentityCoreTests",
    dependencies: [
      "IdentityCore",
      "OrchardKit",
      .product(name: "PropertyBased", package: "swift-property-based"),
    ],
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "OrchardKitTests",
    dependencies: [
      "OrchardKit",
      .product(name: "PropertyBased", package: "swift-property-based"),
    ],
    swiftSettings: swiftSettings
  ),
]

// MARK: - Server

package.targets += [
  .target(
    name: "OrchardAPI",
    dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
    // The generator's config is a resource only so the command plugin can see it.
    resources: [.copy("openapi.yaml"), .copy("openapi-generator-config.yaml")],
    swiftSettings: swiftSettings
  ),
  .target(
    name: "MIGAAPI",
    dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
    resources: [.copy("openapi.yaml"), .copy("openapi-generator-config.yaml")],
    swiftSettings: swiftSettings
  ),
  .target(
    name: "OrchardDatabase",
    dependencies: [
      "OrchardKit",
      .product(name: "Logging", package: "swift-log"),
      .product(name: "NIOCore", package: "swift-nio"),
      .product(name: "NIOPosix", package: "swift-nio"),
      .product(name: "PostgresKit", package: "postgres-kit"),
      .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      .product(name: "SQLKit", package: "sql-kit"),
      .product(name: "SQLiteKit", package: "sqlite-kit"),
    ],
    swiftSettings: swiftSettings
  ),
  .target(
    name: "ServerKit",
    dependencies: [
      .product(name: "Configuration", package: "swift-configuration"),
      .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
      .product(name: "Metrics", package: "swift-metrics"),
      .product(name: "MultipartKit", package: "multipart-kit"),
      "CZlib",
      "OrchardDatabase",
      "OrchardJobs",
      "OrchardKit",
      .product(name: "AsyncHTTPClient", package: "async-http-client"),
      .product(name: "Crypto", package: "swift-crypto"),
      .product(name: "HTTPTypes", package: "swift-http-types"),
      .product(name: "Hummingbird", package: "hummingbird"),
      .product(name: "JWTKit", package: "jwt-kit"),
      .product(name: "Logging", package: "swift-log"),
      .product(name: "NIOCore", package: "swift-nio"),
      .product(name: "NIOHTTP1", package: "swift-nio"),
      .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
      .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
      .product(name: "Prometheus", package: "swift-prometheus"),
      .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      .product(name: "SQLKit", package: "sql-kit"),
    ],
    resources: [.copy("Public")],
    swiftSettings: swiftSettings
  ),
  .target(
    name: "IdentityAPI",
    dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
    resources: [.copy("openapi.yaml"), .copy("openapi-generator-config.yaml")],
    swiftSettings: swiftSettings
  ),
  .systemLibrary(name: "CArgon2", pkgConfig: "libargon2", providers: [.apt(["libargon2-dev"])]),
  .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
  .systemLibrary(name: "CVips", pkgConfig: "vips", providers: [.apt(["libvips-dev"])]),
  .target(
    name: "OrchardImages",
    dependencies: ["CVips", "CZlib", "OrchardKit", .product(name: "NIOPosix", package: "swift-nio")],
    swiftSettings: swiftSettings
  ),
  .target(
    name: "CVision",
    cxxSettings: [.unsafeFlags(["-I/usr/include/opencv4"])],
    linkerSettings: [
      .linkedLibrary("opencv_dnn"), .linkedLibrary("opencv_imgproc"), .linkedLibrary("opencv_core"),
      .linkedLibrary("stdc++"),
    ]
  ),
  .target(
    name: "OrchardVision",
    dependencies: ["CVision", .product(name: "NIOPosix", package: "swift-nio")],
    resources: [.copy("Models")],
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "OrchardImagesTests", dependencies: ["CVips", "OrchardImages", "OrchardImagesTesting"],
    swiftSettings: swiftSettings),
  .target(
    name: "OrchardImagesTesting", dependencies: ["OrchardImages"], path: "Tests/OrchardImagesTesting",
    swiftSettings: swiftSettings),
  .target(
    name: "OrchardIdentity",
    dependencies: [
      .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
      "CArgon2",
      "IdentityAPI",
      "IdentityCore",
      "OrchardJobs",
      "OrchardKit",
      "OrchardDatabase", "ServerKit",
      .product(name: "AsyncHTTPClient", package: "async-http-client"),
      .product(name: "Crypto", package: "swift-crypto"),
      .product(name: "HTTPTypes", package: "swift-http-types"),
      .product(name: "Hummingbird", package: "hummingbird"),
      .product(name: "JWTKit", package: "jwt-kit"),
      .product(name: "NIOCore", package: "swift-nio"),
      .product(name: "NIOExtras", package: "swift-nio-extras"),
      .product(name: "NIOPosix", package: "swift-nio"),
      .product(name: "NIOSSL", package: "swift-nio-ssl"),
      .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
      .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
      .product(name: "SQLKit", package: "sql-kit"),
    ],
    resources: [.copy("Public")],
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "OrchardIdentityTests",
    dependencies: [
      "IdentityCore",
      "OrchardIdentity",
      "OrchardJobs",
      "OrchardKit",
      "OrchardDatabase", "ServerKit",
      "ServerKitTesting",
      .product(name: "_CryptoExtras", package: "swift-crypto"),
      .product(name: "Crypto", package: "swift-crypto"),
      .product(name: "Hummingbird", package: "hummingbird"),
      .product(name: "HummingbirdTesting", package: "hummingbird"),
      .product(name: "JWTKit", package: "jwt-kit"),
      .product(name: "Logging", package: "swift-log"),
      .product(name: "NIOSSL", package: "swift-nio-ssl"),
      .product(name: "SQLKit", package: "sql-kit"),
    ],
    swiftSettings: swiftSettings
  ),
  .target(
    name: "OrchardJobs",
    dependencies: [
      "OrchardKit",
      "OrchardDatabase",
      .product(name: "Logging", package: "swift-log"),
      .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      .product(name: "SQLKit", package: "sql-kit"),
    ],
    swiftSettings: swiftSettings
  ),
  .target(
    name: "OrchardBlobs",
    dependencies: [
      "OrchardKit",
      .product(name: "AsyncHTTPClient", package: "async-http-client"),
      .product(name: "Crypto", package: "swift-crypto"),
      .product(name: "NIOCore", package: "swift-nio"),
      .product(name: "NIOHTTP1", package: "swift-nio"),
      .product(name: "NIOPosix", package: "swift-nio"),
    ],
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "OrchardBlobsTests",
    dependencies: [
      "OrchardBlobs", "OrchardKit", .product(name: "AsyncHTTPClient", package: "async-http-client"),
      .product(name: "Crypto", package: "swift-crypto"),
    ],
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "OrchardJobsTests",
    dependencies: [
      "OrchardJobs",
      "OrchardKit",
      "OrchardDatabase",
      "ServerKitTesting",
      .product(name: "Logging", package: "swift-log"),
      .product(name: "SQLKit", package: "sql-kit"),
    ],
    swiftSettings: swiftSettings
  ),
  .target(
    name: "WearbloomAPI",
    dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
    resources: [.copy("openapi.yaml"), .copy("openapi-generator-config.yaml")],
    swiftSettings: swiftSettings
  ),
  .target(
    name: "WearbloomServer",
    dependencies: [
      .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
      .product(name: "Metrics", package: "swift-metrics"),
      .product(name: "MultipartKit", package: "multipart-kit"),
      "IdentityCore",
      "OrchardBlobs",
      "OrchardIdentity",
      "OrchardImages",
      "OrchardJobs",
      "OrchardKit",
      "OrchardVision",
      "OrchardDatabase", "ServerKit",
      "WearbloomAPI",
      "WearbloomCore",
      .product(name: "Hummingbird", package: "hummingbird"),
      .product(name: "HTTPTypes", package: "swift-http-types"),
      .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
      .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
      .product(name: "AsyncHTTPClient", package: "async-http-client"),
      .product(name: "Crypto", package: "swift-crypto"),
      .product(name: "Logging", package: "swift-log"),
      .product(name: "SQLKit", package: "sql-kit"),
      .product(name: "NIOCore", package: "swift-nio"),
      .product(name: "NIOHTTP1", package: "swift-nio"),
      .product(name: "JWTKit", package: "jwt-kit"),
      .product(name: "X509", package: "swift-certificates"),
      .product(name: "SwiftASN1", package: "swift-asn1"),
    ],
    resources: [.copy("Public"), .copy("Web/ServiceWorker")],
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "WearbloomServerTests",
    dependencies: [
      "ContentTesting",
      "OrchardBlobs",
      "OrchardIdentity",
      "OrchardJobs",
      "OrchardImages",
      "OrchardKit",
      .product(name: "Logging", package: "swift-log"),
      "OrchardDatabase", "ServerKit",
      "ServerKitTesting",
      "OrchardImagesTesting",
      "WearbloomAPI",
      "WearbloomCore",
      "WearbloomServer",
      .product(name: "HTTPTypes", package: "swift-http-types"),
      .product(name: "Hummingbird", package: "hummingbird"),
      .product(name: "HummingbirdTesting", package: "hummingbird"),
      .product(name: "Prometheus", package: "swift-prometheus"),
      .product(name: "Crypto", package: "swift-crypto"),
      .product(name: "_CryptoExtras", package: "swift-crypto"),
      .product(name: "JWTKit", package: "jwt-kit"),
      .product(name: "X509", package: "swift-certificates"),
      .product(name: "SwiftASN1", package: "swift-asn1"),
    ],
    exclude: ["__Snapshots__"],
    swiftSettings: swiftSettings
  ),
  .target(
    name: "OrchardServer",
    dependencies: [
      "DangdaiServer",
      "FaithJarServer",
      "MIGAServer",
      "OrchardAPI",
      "OrchardIdentity",
      "OrchardJobs",
      "WalkWorthyServer",
      "WearbloomServer",
      "OrchardKit",
      "OrchardDatabase", "ServerKit",
      .product(name: "Hummingbird", package: "hummingbird"),
      .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
      .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
      .product(name: "Crypto", package: "swift-crypto"),
      .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      .product(name: "SQLKit", package: "sql-kit"),
    ],
    swiftSettings: swiftSettings
  ),
  .target(
    name: "FaithJarServer",
    dependencies: [
      "FaithJarCore",
      "OrchardKit",
      "OrchardDatabase", "ServerKit",
      .product(name: "Hummingbird", package: "hummingbird"),
      .product(name: "SQLKit", package: "sql-kit"),
    ],
    resources: [.copy("Public"), .copy("Web/ServiceWorker")],
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "FaithJarServerTests",
    dependencies: [
      "FaithJarCore",
      "FaithJarServer",
      "OrchardKit",
      "OrchardDatabase", "ServerKit",
      "ServerKitTesting",
      .product(name: "HummingbirdTesting", package: "hummingbird"),
      .product(name: "SQLKit", package: "sql-kit"),
    ],
    exclude: ["__Snapshots__", "Fixtures"],
    swiftSettings: swiftSettings
  ),
  .target(
    name: "MIGAServer",
    dependencies: [
      "MIGAAPI",
      "MIGACore",
      "OrchardKit",
      "OrchardDatabase", "ServerKit",
      .product(name: "Crypto", package: "swift-crypto"),
      .product(name: "HTTPTypes", package: "swift-http-types"),
      .product(name: "Hummingbird", package: "hummingbird"),
      .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
      .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
      .product(name: "SQLKit", package: "sql-kit"),
    ],
    resources: [.copy("Public"), .copy("Storage/library.json"), .copy("Web/ServiceWorker")],
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "MIGAServerTests",
    dependencies: [
      "MIGAAPI",
      "MIGACore",
      "MIGAServer",
      "OrchardKit",
      "OrchardDatabase", "ServerKit",
      "ServerKitTesting",
      .product(name: "HummingbirdTesting", package: "hummingbird"),
      .product(name: "SQLKit", package: "sql-kit"),
    ],
    exclude: ["__Snapshots__", "Fixtures"],
    swiftSettings: swiftSettings
  ),
  .target(
    name: "DangdaiAPI",
    dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
    resources: [.copy("openapi.yaml"), .copy("openapi-generator-config.yaml")],
    swiftSettings: swiftSettings
  ),
  .target(
    name: "DangdaiServer",
    dependencies: [
      .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
      "DangdaiAPI",
      "DangdaiCore",
      "IdentityCore",
      "OrchardIdentity",
      "OrchardKit",
      "OrchardDatabase", "ServerKit",
      .product(name: "AsyncHTTPClient", package: "async-http-client"),
      .product(name: "Logging", package: "swift-log"),
      .product(name: "NIOCore", package: "swift-nio"),
      .product(name: "NIOHTTP1", package: "swift-nio"),
      .product(name: "HTTPTypes", package: "swift-http-types"),
      .product(name: "Hummingbird", package: "hummingbird"),
      .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
      .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
      .product(name: "SQLKit", package: "sql-kit"),
    ],
    resources: [.copy("Public"), .copy("Web/ServiceWorker")],
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "DangdaiServerTests",
    dependencies: [
      "DangdaiAPI",
      "DangdaiCore",
      "DangdaiServer",
      "IdentityCore",
      "OrchardIdentity",
      "OrchardJobs",
      "OrchardKit",
      "OrchardDatabase", "ServerKit",
      "ServerKitTesting",
      .product(name: "HTTPTypes", package: "swift-http-types"),
      .product(name: "HummingbirdTesting", package: "hummingbird"),
      .product(name: "Hummingbird", package: "hummingbird"),
      .product(name: "Logging", package: "swift-log"),
      .product(name: "SQLKit", package: "sql-kit"),
    ],
    exclude: ["__Snapshots__"],
    swiftSettings: swiftSettings
  ),
  .target(
    name: "WalkWorthyAPI",
    dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
    resources: [.copy("openapi.yaml"), .copy("openapi-generator-config.yaml")],
    swiftSettings: swiftSettings
  ),
  .target(
    name: "WalkWorthyServer",
    dependencies: [
      "OrchardJobs",
      "OrchardKit",
      "OrchardDatabase", "ServerKit",
      "WalkWorthyAPI",
      "WalkWorthyCore",
      .product(name: "HTTPTypes", package: "swift-http-types"),
      .product(name: "Hummingbird", package: "hummingbird"),
      .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
      .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
      .product(name: "SQLKit", package: "sql-kit"),
    ],
    resources: [.copy("Public"), .copy("Web/ServiceWorker")],
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "WalkWorthyServerTests",
    dependencies: [
      "OrchardJobs",
      "OrchardKit",
      "OrchardDatabase", "ServerKit",
      "ServerKitTesting",
      "WalkWorthyAPI",
      "WalkWorthyCore",
      "WalkWorthyServer",
      .product(name: "Crypto", package: "swift-crypto"),
      .product(name: "HummingbirdTesting", package: "hummingbird"),
      .product(name: "Hummingbird", package: "hummingbird"),
      .product(name: "NIOCore", package: "swift-nio"),
      .product(name: "SQLKit", package: "sql-kit"),
    ],
    exclude: ["__Snapshots__", "Fixtures"],
    swiftSettings: swiftSettings
  ),
  .executableTarget(
    name: "Orchard",
    dependencies: [
      .product(name: "Configuration", package: "swift-configuration"),
      "DangdaiCore",
      "DangdaiServer",
      "MIGACore",
      "MIGAServer",
      "OrchardIdentity",
      "OrchardJobs",
      "OrchardServer",
      "OrchardDatabase", "ServerKit",
      "WalkWorthyServer",
      "OrchardImages",
      "WearbloomCore",
      "WearbloomServer",
      .product(name: "ArgumentParser", package: "swift-argument-parser"),
    ],
    swiftSettings: swiftSettings
  ),
  .executableTarget(
    name: "OrchardJobProbe",
    dependencies: [
      "OrchardJobs",
      "OrchardKit",
      "OrchardDatabase",
      .product(name: "ArgumentParser", package: "swift-argument-parser"),
      .product(name: "Logging", package: "swift-log"),
      .product(name: "SQLKit", package: "sql-kit"),
    ],
    path: "Tests/JobProbe",
    swiftSettings: swiftSettings
  ),
  .target(
    name: "ServerKitTesting",
    dependencies: [
      .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      "OrchardKit",
      "OrchardDatabase", "ServerKit",
      .product(name: "HTTPTypes", package: "swift-http-types"),
      .product(name: "Hummingbird", package: "hummingbird"),
      .product(name: "HummingbirdTesting", package: "hummingbird"),
      .product(name: "Logging", package: "swift-log"),
      .product(name: "SQLKit", package: "sql-kit"),
    ],
    path: "Tests/ServerKitTesting",
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "ServerKitTests",
    dependencies: [
      "OrchardKit",
      "OrchardDatabase", "ServerKit",
      "ServerKitTesting",
      .product(name: "Crypto", package: "swift-crypto"),
      .product(name: "Hummingbird", package: "hummingbird"),
      .product(name: "HummingbirdTesting", package: "hummingbird"),
      .product(name: "JWTKit", package: "jwt-kit"),
      .product(name: "NIOCore", package: "swift-nio"),
      .product(name: "NIOPosix", package: "swift-nio"),
      .product(name: "SQLKit", package: "sql-kit"),
    ],
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "OrchardServerTests",
    dependencies: [
      "OrchardIdentity",
      "OrchardServer",
      "OrchardDatabase", "ServerKit",
      "ServerKitTesting",
      .product(name: "HummingbirdTesting", package: "hummingbird"),
    ],
    swiftSettings: swiftSettings
  ),
]

// MARK: - Apple clients (SwiftUI shells; none yet)

#if canImport(Darwin)
  package.targets += []
#endif
