import ArgumentParser
import CofferKit
import Foundation

/// `add/edit --totp-file`: an item's TOTP key, read from a file or stdin (never argv, where
/// other users' `ps` would see it) and checked before the vault is touched.
struct ItemTOTPOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Set the TOTP key from the first line of this file (- for stdin).",
            discussion: "An otpauth://totp/… URI, steam://SECRET, or a bare base32 secret.",
            valueName: "file"))
    var totpFile: String?

    /// The key as given, checked, or nil when none was given: read before the vault is
    /// locked. Refuses a key that cannot make codes: not base32, digits outside 6–8, period
    /// 0, an unknown algorithm.
    func gather() throws -> String? {
        guard let totpFile else { return nil }
        var bytes = try FileIO.read(totpFile)
        defer { bytes.wipe() }
        let line = String(decoding: bytes.prefix { $0 != 0x0A }, as: UTF8.self)
        guard !line.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw CofferFailure(message: "\(totpFile): empty; a TOTP key is a URI or a base32 secret", exitCode: 2)
        }
        do {
            _ = try TOTP(parsing: line, account: "check")
            return line
        } catch let error as ModelError {
            throw CofferFailure(message: "\(totpFile): not a usable TOTP key: \(error.reason)", exitCode: 2)
        }
    }
}

extension VaultItem {
    /// Sets the TOTP key `text` (checked by ``ItemTOTPOptions/gather()``) as a URI, a bare
    /// secret labelled with the item's title.
    mutating func setTOTP(_ text: String) {
        totp = TOTP.itemValue(text, account: title)
    }
}
