import Foundation
import Testing
import VaultModel

@testable import Converters

/// Every importer stores TOTP through the one model: a bare secret becomes a Key URI whose
/// label is the title percent-encoded (it used to go in raw, so `&` and `:` broke the URI).
@Suite struct TOTPImportTests {
    static let title = "Bank & Co: ana@x.com"
    static let expected = "otpauth://totp/Bank%20%26%20Co%3A%20ana%40x.com?secret=JBSWY3DPEHPK3PXP"

    static func totp(_ text: String, input: String) throws -> String? {
        try Importer.importFile(Array(text.utf8), input: input).items.first?.totp
    }

    @Test func csvBitwardenAndKeePassEncodeTheTitle() throws {
        let csv = "title,username,password,totp\n\"\(Self.title)\",ana,pw,JBSW Y3DP EHPK 3PXP\n"
        #expect(try Self.totp(csv, input: "t.csv") == Self.expected)
        let bitwarden = """
            {"encrypted": false, "items": [{"type": 1, "name": "\(Self.title)",
              "login": {"username": "ana", "password": "pw", "totp": "JBSWY3DPEHPK3PXP"}}]}
            """
        #expect(try Self.totp(bitwarden, input: "b.json") == Self.expected)
        let keepass = """
            <?xml version="1.0" encoding="UTF-8"?>
            <KeePassFile><Root><Group><Name>Root</Name><Entry>
            <String><Key>Title</Key><Value>Bank &amp; Co: ana@x.com</Value></String>
            <String><Key>TOTP Seed</Key><Value>JBSWY3DPEHPK3PXP</Value></String>
            </Entry></Group></Root></KeePassFile>
            """
        #expect(try Self.totp(keepass, input: "k.xml") == Self.expected)
    }

    @Test func aURIStaysAsWrittenAndAnUnreadableValueIsKept() throws {
        let uri = "otpauth://totp/GitHub:ana?secret=JBSWY3DPEHPK3PXP&issuer=GitHub&image=x"
        #expect(try Self.totp("title,username,password,totp\nGitHub,ana,pw,\(uri)\n", input: "t.csv") == uri)
        // A value that is no secret to generate codes from is kept beside the item, concealed.
        let (items, _) = try Importer.importFile(
            Array("title,username,password,totp\nGitHub,ana,pw,123-456!\n".utf8), input: "t.csv")
        #expect(items.first?.totp == nil)
        #expect(items.first?.customFields == [.init(name: "totp", value: "123-456!", concealed: true)])
    }
}
