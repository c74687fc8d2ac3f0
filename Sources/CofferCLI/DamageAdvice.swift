import CofferKit
import Foundation

/// What to do about a damaged vault, appended to its failure message: `coffer salvage`
/// where the header still opens (damage in the payload, a cut or a tail), and the
/// `VAULT.bak` that `--backup` keeps (VaultStore: the previous generation, beside the file)
/// when one exists.
enum DamageAdvice {
    static func text(for kind: VaultError.Kind, path: String) -> String {
        var advice = [String]()
        if [.payloadDamaged, .headerCorrupted, .headerAuthentication, .notCofferFile].contains(kind),
            let status = try? VaultRepair.check(path: path), !status.isClean
        {
            advice.append(
                status.isRepairable
                    ? "`coffer repair \(path)` restores it without a key"
                    : "its recovery data cannot restore all of it (\(status.lostChunks.count) chunk(s) lost)")
        }
        if [.payloadDamaged, .truncated, .trailingData].contains(kind) {
            advice.append("`coffer salvage \(path) -o NEW` recovers every intact item")
        }
        if [.headerCorrupted, .headerAuthentication, .payloadDamaged, .truncated, .trailingData].contains(kind),
            let backup = existingBackup(of: path)
        {
            advice.append("the previous generation is in \(backup) (`coffer verify \(backup)` checks it)")
        }
        return advice.isEmpty ? "" : "; " + advice.joined(separator: "; ")
    }

    /// `PATH.bak` beside the file, or beside the file a symlink names (saves go there).
    static func existingBackup(of path: String) -> String? {
        guard !path.isEmpty else { return nil }
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        for candidate in [path + ".bak", resolved + ".bak"] where FileManager.default.fileExists(atPath: candidate) {
            return candidate
        }
        return nil
    }
}
