import Foundation
import Testing
import VaultCrypto

@testable import VaultFormat

/// Identity files as spec/FORMAT.md §10 defines them.
@Suite struct IdentityFileTests {
    static let first = [UInt8](repeating: 0x11, count: 32)
    static let second = [UInt8](repeating: 0x22, count: 32)
    static func line(_ key: [UInt8]) -> String { "coffer-identity-v1:" + Data(key).base64EncodedString() }

    static func parse(_ text: String) throws -> [[UInt8]] {
        try IdentityText.parseIdentities(Array(text.utf8), name: "id.txt").map { key in key.withBytes { Array($0) } }
    }

    @Test func whitespaceCRLFCommentsAndSeveralIdentities() throws {
        #expect(try Self.parse(Self.line(Self.first)) == [Self.first])
        #expect(try Self.parse("# made by keygen\r\n \t" + Self.line(Self.first) + " \t\r\n\r\n") == [Self.first])
        #expect(
            try Self.parse("  # comment\n" + Self.line(Self.first) + "\n\t" + Self.line(Self.second) + "\n")
                == [Self.first, Self.second])
        let age = IdentityText.identityFile(secret: SecureBytes(count: 32))
        #expect(try Self.parse(age).count == 1)
    }

    @Test func malformedFilesAreRefusedWithoutQuotingTheKey() throws {
        let encoded = Data(Self.first).base64EncodedString()
        let cases: [(String, String)] = [
            ("", "empty"),
            ("# only a comment\n\n", "no identity"),
            ("coffer-identity-v1:" + encoded.replacingOccurrences(of: "=", with: ""), "line 1"),  // unpadded
            ("coffer-identity-v1:" + encoded.dropLast(2) + "==", "line 1"),  // wrong length
            ("coffer-identity-v1: " + encoded, "line 1"),  // space inside the line
            (Self.line(Self.first) + "\nsomething else\n", "line 2"),
            ("AGE-SECRET-KEY-1QQQQ\n", "line 1"),
        ]
        for (text, expected) in cases {
            do {
                _ = try Self.parse(text)
                Issue.record("accepted \(text.debugDescription)")
            } catch let error as VaultError where error.kind == .invalidArgument {
                #expect(error.description.contains(expected), "\(error)")
                #expect(!error.description.contains(String(encoded.prefix(12))), "\(error)")
            }
        }
        #expect(throws: VaultError.self) {
            try IdentityText.parseIdentities([0xFF, 0xFE], name: "binary")
        }
    }
}
