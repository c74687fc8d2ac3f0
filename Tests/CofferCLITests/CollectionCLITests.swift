import Foundation
import TestSupport
import Testing

/// Private collections through `coffer`, as the README's two-person demo uses them: each
/// passphrase sees the default collection, its own collections and the shared one.
@Suite struct CollectionCLITests {
    static let ana = ["COFFER_PASSPHRASE": "ana: tulip anchor velvet oxygen"]
    static let ben = ["COFFER_PASSPHRASE": "ben: quartz meadow lantern ferry"]

    static func coffer(_ arguments: [String], _ who: [String: String], in dir: URL) throws -> CLITests.Run {
        try CLITests.coffer(arguments, environment: who, in: dir)
    }

    @discardableResult
    static func ok(_ arguments: [String], _ who: [String: String], in dir: URL) throws -> String {
        let run = try coffer(arguments, who, in: dir)
        #expect(run.status == 0, "\(arguments.joined(separator: " ")): \(run.stderr)")
        return run.stdout
    }

    static func titles(_ who: [String: String], in dir: URL, _ more: [String] = []) throws -> [String] {
        let json = try ok(["list", "v.coffer", "--json"] + more, who, in: dir)
        let rows = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [[String: Any]]
        return rows.map { $0["title"] as! String }.sorted()
    }

    /// ana's vault with a slot for ben, `Ana's` and a shared `Household`, ben's `Ben's`.
    static func household(in dir: URL) throws {
        try Data("ben: quartz meadow lantern ferry\n".utf8).write(to: dir.appendingPathComponent("ben.pass"))
        try Data("pw-1\n".utf8).write(to: dir.appendingPathComponent("pw"))
        try ok(["create", "v.coffer", "--kdf", "interactive", "--label", "ana", "--weak"], ana, in: dir)
        try ok(
            [
                "keys", "add", "v.coffer", "--passphrase", "--new-passphrase-file", "ben.pass", "--label", "ben",
                "--kdf", "interactive", "--weak",
            ], ana, in: dir)
        try ok(["collection", "create", "v.coffer", "Ana's"], ana, in: dir)
        try ok(["collection", "create", "v.coffer", "Household"], ana, in: dir)
        try ok(["share", "v.coffer", "Household", "--passphrase-slot", "ben"], ana, in: dir)
        try ok(["collection", "create", "v.coffer", "Ben's"], ben, in: dir)
        for (title, collection, who) in [
            ("Netflix", nil, ana), ("Ana's bank", "Ana's", ana), ("Power", "Household", ben),
            ("Ben's mail", "Ben's", ben),
        ] {
            try ok(
                ["add", "v.coffer", "--title", title, "--password-file", "pw"]
                    + (collection.map { ["--collection", $0] } ?? []), who, in: dir)
        }
    }

    /// `list` reads the passphrase once: a vault with collections is listed from a
    /// passphrase read from a descriptor (a second unlock read it again and found it empty).
    @Test func listingAVaultWithCollectionsAsksForThePassphraseOnce() throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.household(in: dir)
        for extra in [[], ["--json"], ["--trash"]] {
            let run = try ProcessRunner.run(
                CLITests.binary, ["list", "v.coffer", "--passphrase-fd", "0"] + extra,
                stdin: Data("ana: tulip anchor velvet oxygen\n".utf8), directory: dir,
                environment: ProcessInfo.processInfo.environment.filter { $0.key != "COFFER_PASSPHRASE" })
            #expect(run.status == 0, "\(extra): \(run.stderr)")
            if extra.isEmpty { #expect(String(decoding: run.stdout, as: UTF8.self).contains("Ana's bank")) }
        }
    }

    @Test func eachPersonSeesTheirOwnCollectionAndTheSharedOne() throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.household(in: dir)
        #expect(try Self.titles(Self.ana, in: dir) == ["Ana's bank", "Netflix", "Power"])
        #expect(try Self.titles(Self.ben, in: dir) == ["Ben's mail", "Netflix", "Power"])
        #expect(try Self.titles(Self.ben, in: dir, ["--collection", "Household"]) == ["Power"])
        #expect(try Self.titles(Self.ben, in: dir, ["--collection", "default"]) == ["Netflix"])
        // ben cannot name ana's collection, or find her item by searching.
        #expect(try Self.coffer(["list", "v.coffer", "--collection", "Ana's"], Self.ben, in: dir).status == 1)
        #expect(try Self.coffer(["search", "v.coffer", "bank"], Self.ben, in: dir).status == 1)
        let listing = try Self.ok(["collection", "list", "v.coffer"], Self.ben, in: dir)
        #expect(listing.contains("Household") && listing.contains("Ben's") && !listing.contains("Ana's"))
        #expect(listing.contains("1 collection(s) this key cannot open"))
        // Names and items are sealed: not in the file's bytes.
        let bytes = try Data(contentsOf: dir.appendingPathComponent("v.coffer"))
        for text in ["Household", "Ana's bank", "Ben's mail"] { #expect(bytes.range(of: Data(text.utf8)) == nil) }
        #expect(try Self.coffer(["verify", "v.coffer"], Self.ben, in: dir).status == 0)
        #expect(try Self.coffer(["verify", "v.coffer"], [:], in: dir).status == 0)
        // A co-owner's export holds only what they see.
        let export = try Self.ok(["export", "v.coffer", "--format", "json"], Self.ben, in: dir)
        #expect(export.contains("Ben's mail") && !export.contains("Ana's bank"))
    }

    @Test func unshareMoveAndRemove() throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.household(in: dir)
        try Self.ok(["unshare", "v.coffer", "Household", "--passphrase-slot", "ben"], Self.ana, in: dir)
        #expect(try Self.titles(Self.ben, in: dir) == ["Ben's mail", "Netflix"])
        // Moving an item into a private collection hides it from ben; moving it out shows it.
        try Self.ok(["mv", "v.coffer", "Netflix", "--collection", "Ana's"], Self.ana, in: dir)
        #expect(try Self.titles(Self.ben, in: dir) == ["Ben's mail"])
        try Self.ok(["mv", "v.coffer", "Netflix", "--collection", "default"], Self.ana, in: dir)
        #expect(try Self.titles(Self.ben, in: dir) == ["Ben's mail", "Netflix"])
        // A collection that holds items is removed only with them.
        let refused = try Self.coffer(["collection", "rm", "v.coffer", "Ana's"], Self.ana, in: dir)
        #expect(refused.status == 1 && refused.stderr.contains("holds 1 item"))
        try Self.ok(["collection", "rm", "v.coffer", "Ana's", "--delete-items"], Self.ana, in: dir)
        #expect(try Self.titles(Self.ana, in: dir) == ["Netflix", "Power"])
        try Self.ok(["collection", "rename", "v.coffer", "Household", "Home"], Self.ana, in: dir)
        #expect(try Self.ok(["collection", "list", "v.coffer"], Self.ana, in: dir).contains("Home"))
        // "default" names the collection every key opens; it cannot be made.
        #expect(try Self.coffer(["collection", "create", "v.coffer", "default"], Self.ana, in: dir).status == 2)
    }

    @Test func removingTheOnlyKeyOfACollectionIsRefusedAndNothingIsWritten() throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.household(in: dir)
        let before = try Data(contentsOf: dir.appendingPathComponent("v.coffer"))
        let run = try Self.coffer(["keys", "remove", "v.coffer", "--index", "1"], Self.ana, in: dir)
        #expect(run.status != 0 && run.stderr.contains("no key that opens it"))
        #expect(try Data(contentsOf: dir.appendingPathComponent("v.coffer")) == before)
    }
}
