import CofferKit
import Foundation
import Testing
import VaultTestKit

private func secure(_ text: String) -> SecureBytes { Array(text.utf8).withUnsafeBytes { SecureBytes(copying: $0) } }

@Suite struct PasswordStrengthTests {
    @Test func knownPasswordsFallInTheirBands() throws {
        #expect(PasswordStrength("password").band == .poor)
        #expect(PasswordStrength("Pelis2020").band == .poor)
        #expect(PasswordStrength("Winter2019!").band == .poor)
        #expect(PasswordStrength("correct horse battery staple").band == .weak)
        #expect(PasswordStrength("abacus-zoom-dolphin-tulip-gravy-ruby").band == .excellent)
        #expect(PasswordStrength("").bits == 0)
    }

    /// Six EFF words drawn by the generator are at least good, nearly always excellent.
    @Test func generatedSixWordPassphrasesAreStrong() throws {
        let generator = try PassphraseGenerator(words: 6)
        let random = DeterministicRandom(seed: Array(repeating: 1, count: 32))
        let bands = (0..<100).map { _ in PasswordStrength(generator.generate(random: random)).band }
        #expect(bands.allSatisfy { $0 >= .good }, "\(bands)")
        #expect(bands.filter { $0 == .excellent }.count >= 90, "\(bands)")
    }

    @Test func matchesExplainThePartsByPosition() {
        let strength = PasswordStrength("Pelis2020")
        let first = strength.matches.first
        #expect(first?.offset == 0 && first?.length == 5 && first?.kind == "dictionary" && first?.repeated == false)
        #expect(strength.matches.map(\.kind).contains("date") || strength.matches.map(\.kind).contains("year"))
        #expect(strength.matches.reduce(0) { $0 + $1.length } == 9)
    }

    @Test func userWordsWeaken() {
        #expect(
            PasswordStrength("Rosalind1987x", userWords: ["rosalind"]).bits < PasswordStrength("Rosalind1987x").bits)
    }

    /// Only the first 256 bytes are examined, cut at a character boundary: a megabyte of
    /// input is estimated, not choked on.
    @Test func longInputIsCappedAtACharacterBoundary() {
        let long = String(repeating: "é", count: 500_000)
        #expect(PasswordStrength(long).matches.allSatisfy { $0.offset + $0.length <= PasswordStrength.examinedBytes })
        let mixed = "x" + String(repeating: "€", count: 200)
        #expect(PasswordStrength(mixed).bits > 0)
        #expect(PasswordStrength("abc\0defghijklmnop").bits == PasswordStrength("abc").bits, "a NUL ends it")
    }

    @Test func bandsAreKeePassXCs() {
        #expect(PasswordStrength.Band(bits: 39.9) == .poor && PasswordStrength.Band(bits: 40) == .weak)
        #expect(PasswordStrength.Band(bits: 74.9) == .weak && PasswordStrength.Band(bits: 75) == .good)
        #expect(PasswordStrength.Band(bits: 99.9) == .good && PasswordStrength.Band(bits: 100) == .excellent)
    }

    @Test func newPassphrasesAreRefusedUnderTheFloorAndWarnedUnderGood() {
        #expect(PassphrasePolicy.verdict(for: secure("hunter2")) == .tooWeak(bits: PasswordStrength("hunter2").bits))
        #expect(PassphrasePolicy.verdict(bits: 39.9) == .tooWeak(bits: 39.9))
        #expect(PassphrasePolicy.verdict(bits: 40) == .weak(bits: 40))
        #expect(PassphrasePolicy.verdict(bits: 75) == .strong)
        guard case .weak = PassphrasePolicy.verdict(for: secure("Tr0ub4dor&3x")) else {
            Issue.record("Tr0ub4dor&3x is allowed with a warning")
            return
        }
        #expect(PassphrasePolicy.verdict(for: secure("abacus-zoom-dolphin-tulip-gravy-ruby")) == .strong)
    }

    /// `bits` alone (no explanation asked of zxcvbn) is the whole estimate's bits, user words,
    /// a NUL inside and a password past the examined bytes included.
    @Test func bitsAloneAreTheEstimatesBits() {
        let passwords = [
            "", "a", "hunter2", "Pelis2020", "jsmith2019", "Tr0ub4dor&3x", "qwertyuiop", "x7#Qm!2vLp9@Wz", "pass\0word",
            "Ünï-cødé-Pässwörd-9", String(repeating: "é", count: 200), "correct horse battery staple",
        ]
        for password in passwords {
            for words in [[], ["jsmith", "Bank"], ["", "with\0nul", "hunter"]] {
                #expect(
                    PasswordStrength.bits(password, userWords: words)
                        == PasswordStrength(password, userWords: words).bits, "\(password) \(words)")
            }
        }
        #expect(PasswordStrength.bits("jsmith2019", userWords: ["jsmith"]) < PasswordStrength.bits("jsmith2019"))
    }
}
