import CofferKit
import Foundation
import PropertyList
import Testing

@Suite struct ItemInputCheckTests {
    @Test func emailAddresses() {
        for good in ["ana@example.com", "a.b+tag@mail.example.co.uk", "o'neil@x.io", "josé@correo.es", "x_y@a-b.org"] {
            #expect(VaultItem.isValidEmailAddress(good), "\(good)")
        }
        for bad in [
            "ana@", "@example.com", "ana@@example.com", "ana@example", "ana@example.c", "a..b@example.com",
            ".ana@example.com", "ana.@example.com", "ana@-x.com", "ana@x-.com", "ana@exa mple.com", "ana@x.com.",
            "a@b@c.com", "ana@x.c0m", String(repeating: "a", count: 65) + "@x.com",
        ] {
            #expect(!VaultItem.isValidEmailAddress(bad), "\(bad)")
        }
        #expect(VaultItem.looksLikeEmailAddress("ana@") && !VaultItem.looksLikeEmailAddress("ana"))
    }

    @Test func urlsWithoutASchemeGetHTTPS() {
        #expect(VaultItem.withDefaultScheme("example.com") == "https://example.com")
        #expect(VaultItem.withDefaultScheme("example.com/login?x=1") == "https://example.com/login?x=1")
        #expect(VaultItem.withDefaultScheme("localhost:8080") == "https://localhost:8080")
        #expect(VaultItem.withDefaultScheme(" bank.example ") == "https://bank.example")
        for kept in ["https://example.com", "http://x.org", "ssh://host", "mailto:ana@x.com", "otpauth://totp/x", ""] {
            #expect(VaultItem.withDefaultScheme(kept) == nil, "\(kept)")
        }
    }

    @Test func warningsNameTheProblemNeverThePassword() {
        var item = VaultItem(title: "Shop")
        item.username = "ana@@shop"
        item.password = "Sh0p!"
        let warnings = item.inputWarnings(minimumPasswordLength: 8)
        #expect(warnings.count == 2)
        #expect(warnings[0].contains("ana@@shop") && warnings[0].contains("not a valid"))
        #expect(warnings[1].contains("5 characters") && warnings[1].contains("minimum of 8"))
        #expect(!warnings.contains { $0.contains("Sh0p!") })
        #expect(item.inputWarnings(minimumPasswordLength: 5).count == 1)
        // An edit warns about what it changed only.
        var edited = item
        edited.notes = "new notes"
        #expect(edited.inputWarnings(minimumPasswordLength: 8, comparedTo: item).isEmpty)
        edited.username = "ana@shop.example"
        #expect(edited.inputWarnings(minimumPasswordLength: 8, comparedTo: item).isEmpty)
    }

    @Test func charsetSections() {
        #expect(PasswordCharset(password: "abcDEF") == .lettersOnly)
        #expect(PasswordCharset(password: "ñandú") == .lettersOnly)
        #expect(PasswordCharset(password: "abc123") == .withDigits)
        #expect(PasswordCharset(password: "123456") == .withDigits)
        #expect(PasswordCharset(password: "abc-def") == .withSymbols)
        #expect(PasswordCharset(password: "two words") == .withSymbols)
        #expect(PasswordCharset(password: "a1!") == .withDigitsAndSymbols)
        #expect(PasswordCharset(password: "") == nil && PasswordCharset(password: nil) == nil)
    }

    /// `minimumLength` is written only when it differs from 8, so existing vaults keep
    /// their bytes, and read back when present.
    @Test func minimumLengthRoundTripsThroughRecordZero() throws {
        var document = VaultDocument()
        guard case .dictionary(let plain) = document.settingsRecord, case .dictionary(let g) = plain["generator"]
        else {
            Issue.record("record 0 has a generator dictionary")
            return
        }
        #expect(g["minimumLength"] == nil)
        document.generator.minimumLength = 12
        let read = try VaultDocument(records: document.records)
        #expect(read.generator.minimumLength == 12)
        #expect(try VaultDocument(records: VaultDocument().records).generator.minimumLength == 8)
    }
}
