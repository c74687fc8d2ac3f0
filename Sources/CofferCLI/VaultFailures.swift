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

extension ConverterError.Code {
    var exitCode: Int32 {
        switch self {
        case .unreadable, .notRegularFile, .tooLarge: 3
        case .malformed, .unrecognized, .inflationLimit, .tooDeep, .invalidData: 1
        }
    }
}

extension CofferKitError.Code {
    var exitCode: Int32 {
        switch self {
        case .invalidSettings: 2
        case .missingBlob: 1
        case .fileSystem: 3
        case .noSuchFolder, .folderExists, .folderNotEmpty: 1
        case .invalidAttachment: 2
        case .noSuchAttachment, .collection: 1
        case .partialDocument: 1
        }
    }
}

extension CofferFailure {
    /// The one mapping from every module's error to a message and an exit code (README,
    /// spec/FORMAT.md §8): VaultError by class, ConverterError and CofferKitError by code,
    /// ModelError, PropertyListError and CryptoError as invalid data (1). `path` names the
    /// file when the error does not.
    static func from(_ error: Error, path: String? = nil) -> Error {
        let prefix = path.map { "\($0): " } ?? ""
        switch error {
        case let error as ConverterError:
            return CofferFailure(
                message: error.description + (error.hint.map { " (\($0.commandLine))" } ?? ""),
                exitCode: error.code.exitCode)
        case let error as CofferKitError:
            return CofferFailure(message: prefix + error.description, exitCode: error.code.exitCode)
        case let error as ModelError: return CofferFailure.invalidData(prefix + "\(error)")
        case let error as PropertyListError: return CofferFailure.invalidData(prefix + "\(error)")
        default: return fromVault(error, path: path ?? "")
        }
    }

    private static func fromVault(_ error: Error, path: String) -> Error {
        switch error {
        case let error as VaultError where !error.kind.describesBytes:
            CofferFailure(message: error.message, exitCode: error.kind.exitCode)  // the message names its path
        case let error as VaultError:
            CofferFailure(
                message: "\(path): \(error)\(hint(for: error))\(DamageAdvice.text(for: error.kind, path: path))",
                exitCode: error.kind.exitCode)
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
