import CofferKit
import VaultCrypto

/// The documented exit codes of vault commands (README, spec/FORMAT.md §8).
extension VaultError.Kind {
    var exitCode: Int32 {
        switch self {
        case .notCofferFile: 10
        case .unsupportedVersion: 11
        case .headerCorrupted: 12
        case .kdfBounds: 13
        case .noMatch: 14
        case .headerAuthentication: 15
        case .payloadDamaged: 16
        case .truncated: 17
        case .trailingData: 18
        case .fileSystem: 3
        case .locked: 4
        case .invalidArgument: 2
        }
    }
}

extension CofferFailure {
    /// Turns a vault-layer error into a message naming the file, with its exit code.
    static func from(_ error: Error, path: String) -> Error {
        switch error {
        case let error as VaultError where !error.kind.describesBytes:
            CofferFailure(message: error.message, exitCode: error.kind.exitCode)  // the message names its path
        case let error as VaultError:
            CofferFailure(message: "\(path): \(error)\(hint(for: error))", exitCode: error.kind.exitCode)
        case let error as CryptoError: CofferFailure.invalidData("\(path): \(error)")
        default: error
        }
    }
}

/// The flag that gets past a refusal, where one does. The library names no flags.
private func hint(for error: VaultError) -> String {
    error.kind == .kdfBounds && error.description.contains("more than half of the memory this process may use")
        ? "; --allow-kdf-memory allows it" : ""
}

/// Runs `body`, converting vault errors for `path`.
func reporting<T>(_ path: String, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch {
        throw CofferFailure.from(error, path: path)
    }
}
