import Foundation
import PropertyList
import Testing
import VaultCrypto

@testable import VaultModel

@Suite struct VaultModelTests {
    static func fullItem() -> VaultItem {
        var item = VaultItem(
            id: UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!, kind: .login, title: "Bank — Crédit ✓")
        item.username = "ana@example.com"
        item.password = "p\"a,s\ns'w<o>rd"
        item.urls = ["https://bank.example.com/login", "bank.example.com"]
        item.totp = "otpauth://totp/Bank:ana?secret=JBSWY3DPEHPK3PXP&issuer=Bank"
        item.notes = "line one\nline two, with \"quotes\""
        item.customFields = [.init(name: "PIN", value: "4321", concealed: true), .init(name: "branch", value: "")]
        item.tags = ["finance", "家族"]
        item.folder = ["Personal", "Money"]
        item.favorite = true
        item.icon = "https://bank.example.com/favicon.ico"
        var keychain = VaultItem.KeychainAttributes(itemClass: "inet")
        keychain.server = "bank.example.com"
        keychain.protocol = "htps"
        keychain.port = 443
        keychain.path = "/login"
        keychain.authenticationType = "form"
        keychain.securityDomain = ""
        item.keychain = keychain
        item.created = Date(timeIntervalSinceReferenceDate: 6e8)
        item.modified = Date(timeIntervalSinceReferenceDate: 7e8 + 0.5)
        item.passwordHistory = [
            .init(password: "old-1", date: Date(timeIntervalSinceReferenceDate: 5e8)),
            .init(password: "old-0", date: nil),
        ]
        item.attachments = [
            .init(name: "scan.pdf", mediaType: "application/pdf", size: 1234, blob: Data(repeating: 7, count: 16))
        ]
        item.details = ["cardholder": "Ana López"]
        item.unknown = ["x-future": ["nested": true], "zz": 1]
        return item
    }

    @Test func itemsRoundTripThroughEverySyntaxWithUnknownKeys() throws {
        let item = Self.fullItem()
        let value = PropertyListValue.dictionary(item.plist)
        for format in PropertyListFormat.allCases {
            let bytes = try PropertyListCoding.encode(value, as: format)
            guard case .dictionary(let d) = try PropertyListCoding.decode(bytes).value else {
                Issue.record("not a dictionary")
                continue
            }
            var back = try VaultItem(plist: d)
            if format == .xml {  // XML dates keep whole seconds only (spec/PLIST.md §4)
                back.modified = item.modified
            }
            #expect(back == item, "\(format)")
        }
        #expect(item.plist.keys.suffix(2) == ["x-future", "zz"])
    }

    @Test func typeErrorsNameTheRecordAndKey() {
        var d = Self.fullItem().plist
        d["urls"] = "not an array"
        #expect(throws: ModelError(record: 3, key: "urls", "expected an array of strings, found string")) {
            try VaultItem(plist: d, record: 3)
        }
        d = Self.fullItem().plist
        d["id"] = "not-a-uuid"
        #expect(throws: ModelError.self) { try VaultItem(plist: d) }
    }

    @Test func validationReportsButNeverDrops() {
        var item = Self.fullItem()
        #expect(item.validationIssues().isEmpty)
        item.totp = "otpauth://totp/x?issuer=y"
        item.urls.append("not a url")
        item.keychain?.port = 70_000
        let issues = item.validationIssues().map(\.field)
        #expect(issues == ["totp", "urls[2]", "keychain.port"])
        #expect(item.totp == "otpauth://totp/x?issuer=y")
        #expect(VaultItem.otpauthProblem("otpauth://hotp/x?secret=JBSWY3DP") == "hotp needs counter=")
        #expect(VaultItem.otpauthProblem("https://example.com") == "not an otpauth:// URI")
    }

    @Test func newerSchemaIsRefusedUnknownKindKept() throws {
        #expect(throws: ModelError.self) { try VaultDocument(records: [["schema": 99]]) }
        var item = VaultItem(kind: .other("passkey"), title: "site")
        item.details = ["credentialID": .data(Data([1, 2]))]
        let back = try VaultItem(plist: item.plist)
        #expect(back.kind == .other("passkey") && back == item)
    }

    @Test func recordStringIsFoundationsUUIDString() {
        for _ in 0..<1000 {
            let id = UUID.randomV4()
            #expect(id.recordString == id.uuidString)
        }
        let fixed = UUID(uuidString: "00FF10AB-0C0D-4E0F-8A9B-F0E1D2C3B4A5")!
        #expect(fixed.recordString == "00FF10AB-0C0D-4E0F-8A9B-F0E1D2C3B4A5")
    }

    /// Ids come from VaultCrypto's random source: a seeded one gives the same ids again,
    /// with the version-4 and RFC 4122 variant bits set.
    /// Every byte it gives is the next value of a counter.
    final class CountingRandom: RandomSource, @unchecked Sendable {  // used by one test at a time
        var next: UInt8 = 0
        func fill(_ buffer: UnsafeMutableRawBufferPointer) {
            for i in buffer.indices {
                buffer[i] = next
                next &+= 1
            }
        }
    }

    @Test func idsComeFromTheRandomSource() {
        let random = CountingRandom()
        let first = UUID.randomV4(using: random)
        #expect(first.recordString == "00010203-0405-4607-8809-0A0B0C0D0E0F")
        #expect(UUID.randomV4(using: random).recordString == "10111213-1415-4617-9819-1A1B1C1D1E1F")
        for id in [first] + (0..<100).map({ _ in UUID.randomV4() }) {
            #expect(id.uuidBytes[6] >> 4 == 4 && id.uuidBytes[8] >> 6 == 0b10)
        }
    }
}
