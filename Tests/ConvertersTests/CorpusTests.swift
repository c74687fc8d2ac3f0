import Foundation
import Testing
import VaultModel

@testable import Converters

/// Real exports of other managers (../shared/corpus/pass-import, present in CI) against
/// their expected entries: every supported file imports and scores per field.
@Suite struct CorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../shared/corpus/pass-import").standardized

    /// The references are a flat YAML list; this reads exactly that shape (plain, quoted and
    /// `|-` block values).
    static func references(_ file: String = "main.yml") throws -> [[String: String]] {
        let text = try String(contentsOf: corpus.appendingPathComponent("references/\(file)"), encoding: .utf8)
        var entries = [[String: String]]()
        var current = [String: String]()
        var blockKey: String?
        var block = [String]()
        func flushBlock() {
            if let key = blockKey { current[key] = block.joined(separator: "\n") }
            blockKey = nil
            block = []
        }
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if blockKey != nil, raw.hasPrefix("    ") {
                block.append(String(raw.dropFirst(4)))
                continue
            }
            flushBlock()
            var line = raw
            if line.hasPrefix("- ") {
                if !current.isEmpty { entries.append(current) }
                current = [:]
                line = "  " + line.dropFirst(2)
            }
            guard line.hasPrefix("  "), let colon = line.firstIndex(of: ":") else { continue }
            let key = line[line.index(line.startIndex, offsetBy: 2)..<colon].trimmingCharacters(in: .whitespaces)
            var value = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            if value == "|-" {
                blockKey = key
                continue
            }
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = String(value.dropFirst().dropLast()).replacingOccurrences(of: "\\\\", with: "\u{0}")
                    .replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\u{0}", with: "\\")
            } else if value.hasPrefix("'"), value.hasSuffix("'"), value.count >= 2 {
                value = String(value.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'")
            }
            current[key] = value
        }
        flushBlock()
        if !current.isEmpty { entries.append(current) }
        return entries
    }

    /// URLs compare by host: some formats keep only the origin (Firefox exports
    /// "mastodon.social" for "https://mastodon.social/").
    static func host(_ url: String) -> String {
        (URLComponents(string: url.contains("://") ? url : "https://" + url)?.host ?? url).lowercased()
    }

    static func same(_ key: String, _ a: String?, _ b: String?) -> Bool {
        guard let a, let b else { return a == b }
        return key == "url" ? host(a) == host(b) : a == b
    }

    static func fields(of item: VaultItem) -> [String: String] {
        var f = [String: String]()
        f["title"] = item.title
        f["login"] = item.username
        f["password"] = item.password
        f["url"] = item.urls.first
        f["comments"] = item.notes?.trimmingCharacters(in: .whitespacesAndNewlines)
        f["group"] = item.folder.isEmpty ? nil : item.folder.joined(separator: "/")
        return f.filter { !$0.value.isEmpty }
    }

    /// Formats not supported yet. The test fails if one of these starts to import (update
    /// the list) or if anything else stops importing.
    static let notYetSupported: Set<String> = []
    /// Files read only with their format named. Empty: Dashlane's headerless CSV is detected by
    /// its shape (`DashlaneCSVImporter.looksLikeDashlane`), so every file imports by content.
    static let namedFormats = [String: String]()

    @Test func exportsImportAndMatchTheirReferences() throws {
        guard FileManager.default.fileExists(atPath: Self.corpus.path) else {
            #expect(ProcessInfo.processInfo.environment["CI"] == nil, "CI must have ../shared/corpus")
            return
        }
        let expected = try Self.references()
        #expect(expected.count == 14)
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.appendingPathComponent("db").path)
            .filter { !$0.contains("-other") }.sorted()
        var unsupported = [String]()
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: Self.corpus.appendingPathComponent("db/\(file)")))
            let result: (items: [VaultItem], report: ImportReport)
            do {
                result = try Importer.importFile(bytes, input: file, format: Self.namedFormats[file])
            } catch {
                unsupported.append(file)
                if !Self.notYetSupported.contains(file) { Issue.record("\(file) does not import: \(error)") }
                continue
            }
            #expect(result.report.addsUp, "\(file): counts do not add up")
            let got = result.items.map(Self.fields)
            // Fields the format expresses: those any imported item carries.
            let expressed = Set(got.flatMap(\.keys))
            var matched = 0
            var total = 0
            for entry in expected {
                let candidates = got.filter { $0["password"] == entry["password"] && $0["login"] == entry["login"] }
                let best = candidates.max { a, b in
                    entry.filter { Self.same($0.key, a[$0.key], $0.value) }.count
                        < entry.filter { Self.same($0.key, b[$0.key], $0.value) }.count
                }
                for (key, value) in entry where expressed.contains(key) {
                    total += 1
                    if let best, Self.same(key, best[key], value) { matched += 1 }
                }
            }
            let score = total == 0 ? 0 : Double(matched) / Double(total)
            print("corpus \(file): \(result.report.format), \(matched)/\(total) fields (\(Int(score * 100)) %)")
            #expect(score >= 0.85, "\(file): only \(matched) of \(total) expressible fields match")
        }
        print("corpus not yet supported: \(unsupported)")
        #expect(Set(unsupported) == Self.notYetSupported)
    }

    /// Every file of the corpus imports (the `*-other` ones too), with counts that add up
    /// and no password in a title, username, URL or folder.
    @Test func everyCorpusFileImports() throws {
        guard FileManager.default.fileExists(atPath: Self.corpus.path) else {
            #expect(ProcessInfo.processInfo.environment["CI"] == nil, "CI must have ../shared/corpus")
            return
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.appendingPathComponent("db").path)
        #expect(files.count >= 18)
        for file in files.sorted() {
            let bytes = try [UInt8](Data(contentsOf: Self.corpus.appendingPathComponent("db/\(file)")))
            do {
                let (items, report) = try Importer.importFile(bytes, input: file, format: Self.namedFormats[file])
                #expect(report.addsUp && report.read > 0 && !items.isEmpty, "\(file): \(report)")
                #expect(report.imported + report.keptAsNotes == items.count, "\(file): counts are not the items")
                for item in items {
                    guard let password = item.password, password.count >= 4 else { continue }
                    let visible = [item.title, item.username ?? "", item.folder.joined(separator: "/")] + item.urls
                    #expect(
                        !visible.contains { $0.contains(password) }, "\(file): a password in \(item.title)'s fields")
                }
            } catch {
                Issue.record("\(file) does not import: \(error)")
            }
        }
    }

    /// The `*-other` exports (cards, identities, notes, custom fields, OTP) against their own
    /// references: each expected entry is found by title (or login and password), and each
    /// expected value is somewhere in the item — its field, its details or a custom field.
    @Test(arguments: [
        ("keepass-other.xml", "keepass-other.yml"), ("bitwarden-other.json", "bitwarden-other.yml"),
        ("bitwarden-other.csv", "bitwarden-other.yml"),
    ])
    func otherExportsMatchTheirReferences(_ file: String, _ reference: String) throws {
        guard FileManager.default.fileExists(atPath: Self.corpus.path) else { return }
        let bytes = try [UInt8](Data(contentsOf: Self.corpus.appendingPathComponent("db/\(file)")))
        let items = try Importer.importFile(bytes, input: file).items
        var matched = 0
        var total = 0
        let content = String(decoding: bytes, as: UTF8.self)
        // Only the entries this file holds: Bitwarden's CSV carries no cards or identities.
        for entry in try Self.references(reference) where entry["title"].map(content.contains) ?? true {
            let item =
                items.first { entry["title"] != nil && $0.title == entry["title"] }
                ?? items.first { $0.password == entry["password"] && $0.username == entry["login"] }
            for (key, value) in entry {
                total += 1
                guard let item else { continue }
                let fields = Self.fields(of: item)
                let found: Bool
                switch key {
                case "title", "login", "password", "comments": found = fields[key] == value
                case "url": found = item.urls.contains { Self.same("url", $0, value) }
                case "group":
                    // KeePass references name the root group, which Coffer's folders start below.
                    var path = value.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
                    if file.hasPrefix("keepass") { path.removeFirst() }
                    found = item.folder == path.filter { !$0.isEmpty }
                case "expMonth", "expYear":
                    let expiry = item.details["expiry"]?.stringValue ?? ""  // YYYY-MM
                    found = key == "expYear" ? expiry.hasPrefix(value) : Int(expiry.suffix(2)) == Int(value)
                case "otpauth": found = item.totp?.contains(value) == true || item.totp == value
                default:
                    let details = item.details.values.compactMap { BitwardenImporter.text($0) }
                    found = (item.customFields.map(\.value) + details + item.urls).contains(value)
                }
                if found { matched += 1 } else { print("corpus \(file): \(entry["title"] ?? "?") \(key) not found") }
            }
        }
        print("corpus \(file) against \(reference): \(matched)/\(total) values")
        #expect(total > 0 && Double(matched) >= 0.85 * Double(total), "\(file): \(matched) of \(total)")
    }
}
