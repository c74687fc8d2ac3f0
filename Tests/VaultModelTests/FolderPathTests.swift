import Foundation
import PropertyList
import Testing
import VaultModel

/// The one rule for folder paths as text, keychain attributes set from text, and the
/// `trashed` key (spec/MODEL.md).
@Suite struct FolderPathTests {
    @Test func slashSeparatesLevelsAndEscapedSlashIsPartOfAName() throws {
        #expect(try FolderPath.parse("Casa / Home") == ["Casa", "Home"])
        #expect(try FolderPath.parse("Casa \\/ Home") == ["Casa / Home"])
        #expect(try FolderPath.parse("a\\\\b/c") == ["a\\b", "c"])
        #expect(try FolderPath.parse("") == [])
        #expect(FolderPath.format(["Casa / Home"]) == "Casa \\/ Home")
        #expect(FolderPath.format(["Casa", "Home"]) == "Casa/Home")
        #expect(FolderPath.format(["a\\b", "c"]) == "a\\\\b/c")
    }

    @Test func formatThenParseGivesTheSameLevels() throws {
        for levels in [["x/y", "z"], ["\\", "/"], ["a\\/b"], ["Work", "Code"], ["é/日本"]] {
            #expect(try FolderPath.parse(FolderPath.format(levels)) == levels)
        }
    }

    @Test func emptyLevelsAndStrayBackslashesAreRefused() {
        for bad in ["a//b", "a/", "/a", "a\\x", "a\\", " / "] {
            #expect(throws: ModelError.self, "\(bad)") { try FolderPath.parse(bad) }
        }
    }

    @Test func keychainAttributesAreValidatedAndTheClassFollowsThem() throws {
        var item = VaultItem(title: "t")
        try item.setKeychainAttributes([("server", "example.org"), ("port", "8443"), ("ptcl", "htps")])
        #expect(item.keychain?.itemClass == "inet" && item.keychain?.port == 8443 && item.keychain?.protocol == "htps")
        var generic = VaultItem(title: "g")
        try generic.setKeychainAttributes([("Service", "com.example"), ("comment", "c"), ("label", "L")])
        #expect(generic.keychain?.itemClass == "genp" && generic.keychain?.service == "com.example")
        #expect(generic.keychain?.entries.map(\.name) == ["class", "service", "label", "comment"])
        for (key, value) in [
            ("port", "x"), ("port", "70000"), ("class", "keys"), ("protocol", "https!"), ("nope", "1"),
        ] {
            var copy = generic
            #expect(throws: ModelError.self, "\(key)=\(value)") { try copy.setKeychainAttributes([(key, value)]) }
        }
        try generic.setKeychainAttributes([("service", "")])
        #expect(generic.keychain?.service == nil)
    }

    @Test func trashedLabelAndCommentRoundTripAndOldRecordsStillRead() throws {
        var item = VaultItem(title: "t")
        item.trashed = Date(timeIntervalSince1970: 1_700_000_000)
        var keychain = VaultItem.KeychainAttributes(itemClass: "genp")
        keychain.label = "Label"
        keychain.comment = "Comment"
        item.keychain = keychain
        let back = try VaultItem(plist: item.plist)
        #expect(back == item)
        #expect(item.plist["trashed"] == .date(Date(timeIntervalSince1970: 1_700_000_000)))
        var old = VaultItem(title: "old").plist
        old["trashed"] = nil
        #expect(try VaultItem(plist: old).trashed == nil)
    }

    @Test func retentionIsWrittenOnlyWhenNotTheDefault() throws {
        var document = VaultDocument()
        guard case .dictionary(let defaults) = document.settingsRecord else {
            Issue.record("not a dictionary")
            return
        }
        #expect(defaults["trashRetentionDays"] == nil)
        document.trashRetentionDays = 0
        let back = try VaultDocument(records: document.records)
        #expect(back.trashRetentionDays == 0)
        var negative = document.records
        if case .dictionary(var d) = negative[0] {
            d["trashRetentionDays"] = .integer(Int(-1))
            negative[0] = .dictionary(d)
        }
        #expect(throws: ModelError.self) { try VaultDocument(records: negative) }
    }
}
