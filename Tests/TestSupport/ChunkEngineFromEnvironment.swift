import Foundation
import Testing
import VaultCrypto

/// Selects the payload cipher's engine from `COFFER_CHUNK_ENGINE` before a suite runs:
/// scripts/test runs the container tests a second time with `libsodium`, and VaultCrypto
/// reads no environment itself. Give it to every suite that seals or opens payloads:
/// `@Suite(.chunkEngineFromEnvironment)`.
public struct ChunkEngineFromEnvironment: SuiteTrait, TestTrait, TestScoping {
    public static let variable = "COFFER_CHUNK_ENGINE"

    /// The engine the environment asks for, if any.
    public static var requested: ChaCha20Poly1305.Engine? {
        ProcessInfo.processInfo.environment[variable].flatMap(ChaCha20Poly1305.Engine.init(rawValue:))
    }

    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        if let engine = Self.requested { ChaCha20Poly1305.select(engine) }
        try await function()
    }
}

extension Trait where Self == ChunkEngineFromEnvironment {
    public static var chunkEngineFromEnvironment: Self { Self() }
}
