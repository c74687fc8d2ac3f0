import Foundation
import VaultCrypto

/// Chooses Argon2id parameters for a target time on this machine (`--kdf-time`).
public enum KDFTuning {
    public static func parameters(targetMilliseconds: Int) throws -> KDFParameters {
        let passphrase = SecureBytes(count: 8)
        let salt = [UInt8](repeating: 0, count: FormatLimits.saltBytes)
        var memory = KDFParameters.moderate.memoryKiB
        while true {
            let clock = ContinuousClock()
            let elapsed = try clock.measure {
                _ = try Argon2id.deriveKey(
                    passphrase: passphrase, salt: salt, operations: 1, memoryBytes: Int(memory) * 1024)
            }
            let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            if ms <= Double(targetMilliseconds) || memory <= FormatLimits.kdfMemoryKiB.lowerBound {
                let passes = max(
                    1, min(Int(FormatLimits.kdfOperations.upperBound), Int(Double(targetMilliseconds) / max(ms, 1))))
                return KDFParameters(operations: UInt32(passes), memoryKiB: memory)
            }
            memory = max(FormatLimits.kdfMemoryKiB.lowerBound, memory / 2)
        }
    }
}
