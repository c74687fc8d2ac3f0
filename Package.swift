// swift-tools-version:6.0
// Coffer: portable encrypted vault archives.
// Dependencies point one way: C wrappers → PropertyList / VaultCrypto → VaultFormat and
// VaultModel (which knows no container) → Converters → CofferKit → CofferCLI.
import PackageDescription

let package = Package(
    name: "Coffer",
    products: [
        .executable(name: "coffer", targets: ["CofferCLI"]),
        .library(name: "CofferKit", targets: ["CofferKit"]),
        .library(name: "PropertyList", targets: ["PropertyList"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        .systemLibrary(
            name: "CSodium",
            pkgConfig: "libsodium",
            providers: [.apt(["libsodium-dev"])]
        ),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .systemLibrary(
            name: "CLibCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        // No pkg-config file in Debian's package: the module map links -lzxcvbn.
        .systemLibrary(name: "CZxcvbn", providers: [.apt(["libzxcvbn-dev"])]),
        // Not "CZlib": ZIPFoundation's own zlib module has that name.
        .systemLibrary(
            name: "CSystemZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .systemLibrary(
            name: "CZstd",
            pkgConfig: "libzstd",
            providers: [.apt(["libzstd-dev"])]
        ),
        .systemLibrary(
            name: "CArchive",
            pkgConfig: "libarchive",
            providers: [.apt(["libarchive-dev"])]
        ),
        .target(name: "PropertyList", dependencies: ["CLibXML2"]),
        .target(name: "VaultCrypto", dependencies: ["CSodium", "CLibCrypto"]),
        .target(name: "VaultFormat", dependencies: ["VaultCrypto", "PropertyList", "CZstd"]),
        // VaultCrypto only for RandomSource: item and blob ids come from the one random source.
        .target(name: "VaultModel", dependencies: ["PropertyList", "VaultCrypto"]),
        .target(
            name: "Converters",
            dependencies: ["VaultModel", "PropertyList", "CSystemZlib", "CArchive"]),
        .target(
            name: "CofferKit",
            dependencies: ["Converters", "VaultModel", "VaultFormat", "VaultCrypto", "PropertyList", "CZxcvbn"]),
        .executableTarget(
            name: "CofferCLI",
            dependencies: [
                // CofferKit re-exports the rest; naming them too makes incremental builds
                // recompile the CLI when their layouts change.
                "CofferKit", "Converters", "VaultModel", "VaultFormat", "PropertyList", "VaultCrypto",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Writes samples/testkit/ for scripts/gen-testkit.
        .executableTarget(name: "GenTestkit", dependencies: ["VaultTestKit"]),
        // Benchmark driver for scripts/bench-convert; never run by tests.
        .executableTarget(
            name: "BenchConvert",
            dependencies: [
                "CofferKit", "Converters", "VaultModel", "VaultFormat", "VaultCrypto", "PropertyList",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]),
        // Benchmark driver for scripts/bench-container; never run by tests.
        .executableTarget(name: "BenchContainer", dependencies: ["VaultFormat", "VaultCrypto", "PropertyList"]),
        // libFuzzer targets for scripts/fuzz; built normally it replays inputs.
        .executableTarget(
            name: "Fuzz", dependencies: ["Converters", "VaultFormat", "VaultCrypto", "PropertyList", "VaultTestKit"]),
        // Benchmark driver for scripts/bench-plist; never run by tests.
        .executableTarget(name: "BenchPlist", dependencies: ["PropertyList"]),
        // Helpers shared by the test targets: a process runner and a seeded generator.
        .target(name: "TestSupport", dependencies: ["VaultCrypto"], path: "Tests/TestSupport"),
        // Test only, in no product: the test-kit generator and vector parser (spec/FORMAT.md
        // §9), forgeries of sealed payloads, and the deterministic random source.
        .target(
            name: "VaultTestKit", dependencies: ["VaultFormat", "VaultCrypto", "PropertyList"],
            path: "Tests/VaultTestKit"),
        .testTarget(name: "CofferCLITests", dependencies: ["TestSupport", "CofferCLI"], exclude: ["Golden"]),
        .testTarget(
            name: "CofferKitTests",
            dependencies: [
                "CofferKit", "Converters", "VaultModel", "VaultFormat", "VaultCrypto", "PropertyList", "VaultTestKit",
                "TestSupport",
            ]),
        .testTarget(
            name: "ConvertersTests",
            dependencies: [
                "Converters", "VaultModel", "TestSupport", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]),
        .testTarget(
            name: "VaultModelTests", dependencies: ["VaultModel", "VaultCrypto", "PropertyList", "TestSupport"]),
        .testTarget(name: "VaultCryptoTests", dependencies: ["VaultCrypto", "TestSupport"]),
        .testTarget(
            name: "VaultFormatTests",
            dependencies: ["VaultFormat", "VaultCrypto", "PropertyList", "TestSupport", "VaultTestKit"]),
        .testTarget(
            name: "PropertyListTests",
            dependencies: ["PropertyList", "TestSupport"],
            exclude: ["Resources"]
        ),
    ]
)
