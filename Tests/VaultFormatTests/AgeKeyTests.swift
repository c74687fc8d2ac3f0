import Foundation
import TestSupport
import Testing
import VaultCrypto

@testable import VaultFormat

/// age's X25519 keys in Bech32 (`age1…`, `AGE-SECRET-KEY-1…`) are read as Coffer recipients
/// and identities: BIP 173's vectors, and keys made by the real `age-keygen`.
@Suite(.chunkEngineFromEnvironment) struct AgeKeyTests {
    @Test(arguments: [
        "A12UEL5L", "a12uel5l", "abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw",
        "split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w", "?1ezyfcl",
    ])
    func bip173ValidStringsDecodeAndReencode(text: String) throws {
        let (hrp, data) = try #require(Bech32.decode(text))
        #expect(Bech32.encode(hrp: hrp, data: data) == text.lowercased())
    }

    @Test(arguments: [
        "a12UEL5L",  // mixed case
        "x1b4n0q5v",  // 'b' is not in the alphabet
        "li1dgmt3",  // checksum too short
        "A1G7SGD8",  // checksum made with the uppercase HRP
        "10a06t8",  // empty HRP
        "a12uel5m",  // one character changed
    ])
    func bip173InvalidStringsAreRefused(text: String) {
        #expect(Bech32.decode(text) == nil)
    }

    @Test func keysFromAgeKeygenAreTheSameX25519Keys() throws {
        let keygen = try #require(ProcessRunner.path(of: "age-keygen"), "scripts/test installs age")
        let made = try ProcessRunner.run(keygen, [])
        let text = String(decoding: made.stdout, as: UTF8.self)
        let publicLine = try #require(
            text.split(separator: "\n").first { $0.hasPrefix("# public key: ") }, "age-keygen printed \(text)")
        let ageRecipient = String(publicLine.dropFirst("# public key: ".count))
        let secret = try IdentityText.parseIdentityFile(Array(made.stdout), name: "age.key")
        let recipient = try IdentityText.parseRecipient(ageRecipient)
        #expect(X25519.publicKey(of: secret) == recipient)
        #expect(Bech32.encode(hrp: "age", data: recipient) == ageRecipient)
        // One changed character breaks the checksum: refused, not a different key.
        var damaged = Array(ageRecipient)
        damaged[10] = damaged[10] == "q" ? "p" : "q"
        #expect(throws: VaultError.self) { try IdentityText.parseRecipient(String(damaged)) }
    }
}
