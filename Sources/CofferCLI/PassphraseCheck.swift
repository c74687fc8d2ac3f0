import ArgumentParser
import CofferKit
import Foundation

/// ``PassphrasePolicy`` on the command line: a warning on stderr, or a refusal (exit 2)
/// that says how to insist. The messages give bits and bands, never the passphrase.
enum PassphraseCheck {
    static func enforce(_ passphrase: SecureBytes, allowWeak: Bool, subject: String = "the new passphrase") throws {
        switch PassphrasePolicy.verdict(for: passphrase) {
        case .strong: return
        case .weak(let bits):
            warn(
                "\(subject) is weak: about \(Int(bits)) bits by zxcvbn; "
                    + "\(Int(PassphrasePolicy.warnBelowBits)) or more is good (try coffer generate --words 6)")
        case .tooWeak(let bits) where allowWeak:
            warn(
                "\(subject) is very weak: about \(Int(bits)) bits by zxcvbn; kept because of --weak")
        case .tooWeak(let bits):
            throw CofferFailure(
                message:
                    "\(subject) is too weak: about \(Int(bits)) bits by zxcvbn, under the floor of "
                    + "\(Int(PassphrasePolicy.refuseBelowBits)); choose a longer one (coffer generate --words 6) "
                    + "or give --weak to keep it",
                exitCode: 2)
        }
    }
}
