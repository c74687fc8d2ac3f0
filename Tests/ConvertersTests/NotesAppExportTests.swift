import Foundation
import Testing
import VaultModel
import ZIPFoundation

@testable import Converters

/// Notes apps' own export files (samples/notes-apps/, written like each app's output), read
/// by content; their metadata carried over; hostile inputs (XXE, entity bombs, ZIP bombs,
/// path traversal, truncated archives) refused or contained.
@Suite struct NotesAppExportTests {
    /// An item's notes and custom fields (concealed ones included): where text is kept.
    static func keptText(_ item: VaultItem) -> String {
        ([item.notes ?? ""] + item.customFields.map(\.value)).joined(separator: "\n")
    }

    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("samples/notes-apps")

    static func sample(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: samples.appendingPathComponent(name)))
    }

    static func date(_ text: String) -> Date { ISODates.parse(text)! }

    static func importBytes(_ bytes: [UInt8], _ name: String, limits: ImportLimits = .standard) throws -> (
        items: [VaultItem], report: ImportReport
    ) {
        let result = try Importer.importFile(bytes, input: name, limits: limits)
        #expect(result.report.addsUp, "counts add up for \(name)")
        #expect(result.report.read == result.items.count + result.report.skipped.count)
        return result
    }

    /// A ZIP made in memory: (path, text) entries, deflated.
    static func zip(_ entries: [(String, [UInt8])]) throws -> [UInt8] {
        let archive = try Archive(data: Data(), accessMode: .create)
        for (path, bytes) in entries {
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(bytes.count), compressionMethod: .deflate
            ) { position, size in
                Data(bytes[Int(position)..<Int(position) + size])
            }
        }
        return Array(archive.data!)
    }

    @Test func keepJSONCarriesTitleLabelsDatesAndPin() throws {
        let (items, report) = try Self.importBytes(try Self.sample("keep-note.json"), "keep-note.json")
        #expect(report.format == "keep-json")
        #expect(report.notes == 1)
        let item = try #require(items.first)
        #expect(items.count == 1)
        #expect(item.title == "Gmail")
        #expect(item.username == "ana.lopez@gmail.com")
        #expect(item.password == "Tr1cky-Sunset")
        #expect(item.tags == ["Passwords", "Personal"])
        #expect(item.favorite)
        #expect(item.created == Date(timeIntervalSince1970: 1_609_842_700))
        #expect(item.modified == Date(timeIntervalSince1970: 1_609_842_735.123))
    }

    @Test func keepChecklistAndTrashedNote() throws {
        let json = """
            {"color":"YELLOW","isTrashed":true,"isPinned":false,"isArchived":false,"title":"Todo",
             "listContent":[{"text":"call bank","isChecked":true},{"text":"renew passport","isChecked":false}],
             "userEditedTimestampUsec":1609842735123000,"createdTimestampUsec":1609842700000000}
            """
        let (items, report) = try Self.importBytes(Array(json.utf8), "todo.json")
        #expect(report.format == "keep-json")
        let item = try #require(items.first)
        #expect(item.kind == .secureNote)
        #expect(item.tags.contains(ExportedNote.trashedTag))
        let text = [item.title, item.notes ?? ""].joined(separator: "\n")
        #expect(text.contains("[x] call bank") && text.contains("[ ] renew passport"))
    }

    @Test func jsonThatIsNoNotesExportIsReadAsTextOrRefusedWhenForced() throws {
        let note = #"{"title": "Netflix", "body": "user: ana@x.com\npassword: Pop#Corn4", "id": 7}"#
        let (items, report) = try Importer.importFile(Array(note.utf8), input: "other.json")
        #expect(report.format == "json-text" && report.addsUp)
        #expect(items.count == 1 && items[0].title == "Netflix" && items[0].username == "ana@x.com")
        #expect(items.first?.password == "Pop#Corn4")
        let error = #expect(throws: ConverterError.self) {
            try Importer.importFile(Array(#"{"title": "x", "body": "y"}"#.utf8), input: "other.json", format: "json")
        }
        #expect(error?.code == .unrecognized)
    }

    @Test func keepHTMLCarriesTitleLabelArchiveAndDate() throws {
        let (items, report) = try Self.importBytes(try Self.sample("keep-note.html"), "keep-note.html")
        #expect(report.format == "keep-html")
        let item = try #require(items.first)
        // (A Wi-Fi record's title names its network too.)
        #expect(item.title == "Wifi Casa-5G")
        #expect(item.password == "Ventana!Azul7")
        #expect(item.tags == ["Home", ExportedNote.archivedTag])
        #expect(item.modified == Self.date("2021-01-05T10:32:15Z"))
        // Text the grammar does not understand is kept out of sight, in a concealed field.
        #expect(Self.keptText(item).contains("router admin & guest share it"))
        #expect(item.notes?.contains("Roboto") != true, "the stylesheet is not text")
    }

    /// Other exporters wrap notes in `<div class="note">` too: a file of several such notes
    /// without Keep's parts is read as an HTML note (read as Keep's one note, it came out
    /// empty and every login was skipped).
    @Test func notesInDivsWithoutKeepsPartsAreNoKeepNote() throws {
        let html = """
            <!DOCTYPE html><html><body>
            <div class="note"><p class="meta">Folder: Travel · Modified 2023-06-11 09:14</p>
            <h1>Airline + hotel</h1><div>Marriott Bonvoy 123456789 / Bonvoy!Points22</div></div>
            <div class="note"><h1>Doctors</h1><ul><li>Vision insurance VSP — nquinn84 — Eyes20-20!</li></ul></div>
            </body></html>
            """
        #expect(!GoogleKeepHTMLImporter.matches(Array(html.utf8)))
        let (items, report) = try Self.importBytes(Array(html.utf8), "notes.html")
        #expect(report.format != "keep-html")
        let logins = items.filter { $0.password != nil }
        #expect(logins.map(\.password) == ["Bonvoy!Points22", "Eyes20-20!"], "no time of day is a password")
        #expect(GoogleKeepHTMLImporter.matches(try Self.sample("keep-note.html")))
    }

    @Test func simplenoteTitlesTagsAndTrash() throws {
        let (items, report) = try Self.importBytes(try Self.sample("simplenote-notes.json"), "notes.json")
        #expect(report.format == "simplenote-json")
        #expect(report.notes == 3)
        let netflix = try #require(items.first { $0.password == "Fl1x-Night" })
        #expect(netflix.username == "ana@example.com")
        #expect(netflix.tags == ["tv", "family"])
        #expect(netflix.favorite)
        #expect(netflix.folder == ["Streaming"], "two records from one note: the note title is their folder")
        #expect(netflix.created == Self.date("2020-05-11T14:00:00Z"))
        let hulu = try #require(items.first { $0.password == "Hu1u-Couch" })
        #expect(hulu.title == "Hulu")
        // "milk, eggs, bread" is a list under its title, not a one-line login.
        let groceries = try #require(items.first { $0.title == "Groceries" })
        #expect(groceries.kind == .secureNote)
        #expect(Self.keptText(groceries).contains("milk, eggs, bread"))
        let trashed = try #require(items.first { $0.title == "Old bank" })
        #expect(trashed.tags == ["bank", ExportedNote.trashedTag])
    }

    @Test func evernoteENEXNotesTagsDatesTablesAndTodos() throws {
        let (items, report) = try Self.importBytes(try Self.sample("evernote-export.enex"), "export.enex")
        #expect(report.format == "evernote-enex")
        #expect(report.notes == 2)
        let hsbc = try #require(items.first { $0.title == "HSBC" })
        #expect(hsbc.username == "ana.lopez")
        #expect(hsbc.password == "Hs&bc-2021")
        #expect(hsbc.folder == ["Bank accounts"])
        #expect(hsbc.tags == ["finance", "passwords"])
        #expect(hsbc.created == Self.date("2020-01-01T12:00:00Z"))
        #expect(hsbc.modified == Self.date("2021-03-02T08:15:00Z"))
        let chase = try #require(items.first { $0.title == "Chase" })
        #expect(chase.password == "Ch4se!Me")
        let office = items.filter { $0.tags.contains("work") }
        let all = office.map {
            [$0.title, $0.username ?? "", $0.password ?? "", Self.keptText($0)].joined(separator: "\n")
        }
        .joined(separator: "\n")
        #expect(all.contains("[x] renew badge"))
        // The media marker "[attachment: image/png]" is a remark, and the table's header row
        // ("Site | User | Password") the header of the rows under it: neither is a login.
        #expect(office.allSatisfy { $0.password != "image/png" && $0.password != "Password" })
        #expect(all.contains("Jira!Pass2022"))
        #expect(!all.contains("iVBORw0KGgo"), "attachment bytes are not text")
        for item in items { #expect(!item.title.contains("Jira!Pass2022")) }
    }

    @Test func enexExternalEntityIsNeverResolved() throws {
        let enex = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE en-export [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
            <en-export><note><title>&xxe;</title><content><![CDATA[<en-note>x</en-note>]]></content></note></en-export>
            """
        let error = #expect(throws: ConverterError.self) { try Importer.importFile(Array(enex.utf8), input: "x.enex") }
        #expect(error?.code == .malformed)
        #expect(error?.description.contains("root:") == false)
        #expect(error?.reason.contains("entity") == true)
    }

    @Test func enexBillionLaughsIsRefusedAtOnce() throws {
        var enex = "<?xml version=\"1.0\"?>\n<!DOCTYPE en-export [\n<!ENTITY lol \"lol\">\n"
        for i in 1...9 {
            let previous = i == 1 ? "lol" : "lol\(i - 1)"
            enex += "<!ENTITY lol\(i) \"\(String(repeating: "&\(previous);", count: 10))\">\n"
        }
        enex += "]>\n<en-export><note><title>&lol9;</title><content>x</content></note></en-export>"
        let error = #expect(throws: ConverterError.self) { try Importer.importFile(Array(enex.utf8), input: "b.enex") }
        #expect(error?.code == .malformed)
    }

    @Test func enmlEntitiesAreDecodedOnceAndUnknownOnesStayText() {
        let text = HTMLText.render(
            HTMLTokenizer.tokens("<en-note><div>a &amp;lt; b &eacute; &#x41; &xxe; &#0;</div></en-note>"))
        #expect(text == "a &lt; b é A &xxe; &#0;")
    }

    @Test func standardNotesTagsThroughReferences() throws {
        let (items, report) = try Self.importBytes(try Self.sample("standardnotes-backup.json"), "backup.txt")
        #expect(report.format == "standardnotes-json")
        #expect(report.notes == 1, "preferences are not notes")
        let item = try #require(items.first)
        #expect(item.title == "Netflix")
        #expect(item.password == "Fl1x-Night")
        #expect(item.tags == ["streaming"])
        #expect(item.favorite)
        #expect(item.modified == Self.date("2021-02-04T11:30:00Z"))
    }

    @Test func encryptedStandardNotesBackupSaysToExportDecrypted() throws {
        let json = """
            {"version":"004","items":[{"uuid":"a","content_type":"Note","content":"004:9f1c:AbCdEf==:eyJ1IjoiYSJ9",
            "enc_item_key":"004:11:22:33","created_at":"2021-02-03T10:00:00.000Z"}],
            "keyParams":{"identifier":"ana@example.com","version":"004"}}
            """
        let error = #expect(throws: ConverterError.self) { try Importer.importFile(Array(json.utf8), input: "sn.txt") }
        #expect(error?.reason.contains("decrypted") == true)
    }

    @Test func obsidianFrontMatter() throws {
        let (items, report) = try Self.importBytes(try Self.sample("obsidian-note.md"), "Router.md")
        #expect(report.format == "markdown-note")
        let item = try #require(items.first)
        #expect(item.title == "Home router")
        #expect(item.username == "admin")
        #expect(item.password == "R0uter-Adm1n")
        #expect(item.tags == ["home", "network"])
        #expect(item.created == Self.date("2022-03-04T10:20:30Z"))
        #expect(item.modified == Self.date("2022-05-01T08:00:00Z"))
    }

    @Test func joplinFrontMatterWithTagList() throws {
        let md = """
            ---
            title: Bank
            updated: 2021-06-01 10:00:00Z
            created: 2021-05-01 09:00:00Z
            tags:
              - finance
              - "2fa"
            ---

            user: ana
            password: B4nk-Joplin
            """
        let (items, _) = try Self.importBytes(Array(md.utf8), "Bank.md")
        let item = try #require(items.first)
        #expect(item.title == "Bank")
        #expect(item.password == "B4nk-Joplin")
        #expect(item.tags == ["finance", "2fa"])
    }

    @Test func bearTitleAndTagLine() throws {
        let (items, report) = try Self.importBytes(try Self.sample("bear-note.md"), "Work VPN.md")
        #expect(report.format == "markdown-note")
        let item = try #require(items.first)
        #expect(item.title == "Work VPN")
        #expect(item.username == "ana")
        #expect(item.password == "Vpn-Secret-9")
        #expect(item.tags == ["work", "network"])
    }

    @Test func aHashWordThatMayBeASecretIsNeverATag() throws {
        let (items, _) = try Self.importBytes(Array("# Alarm\n#work\ncode 4491\n#hunter2".utf8), "a.md")
        #expect(!items.isEmpty)
        #expect(!items.contains { $0.tags.contains("hunter2") })
        #expect(items.allSatisfy { $0.tags == ["work"] })
    }

    @Test func appleNotesHTMLPage() throws {
        let (items, report) = try Self.importBytes(try Self.sample("apple-notes-note.html"), "Streaming.html")
        #expect(report.format == "html-note")
        let netflix = try #require(items.first { $0.password == "Fl1x-Night" })
        #expect(netflix.title == "Netflix")
        #expect(netflix.username == "ana@example.com")
        #expect(netflix.folder == ["Streaming"])
        let hulu = try #require(items.first { $0.password == "Hu1u!Couch" })
        #expect(hulu.title == "Hulu")
    }

    // MARK: ZIP exports

    static func keepTakeout(_ extra: [(String, [UInt8])] = []) throws -> [UInt8] {
        try zip(
            [
                ("Takeout/archive_browser.html", Array("<html><body>Takeout</body></html>".utf8)),
                ("Takeout/Keep/Gmail.json", try sample("keep-note.json")),
                ("Takeout/Keep/Gmail.html", Array("<html><body><div class=\"note\">x</div></body></html>".utf8)),
                ("Takeout/Keep/Wifi.html", try sample("keep-note.html")),
                ("Takeout/Keep/Labels.txt", Array("Passwords\nHome\n".utf8)),
                ("Takeout/Keep/1a2b3c.png", [0x89, 0x50, 0x4E, 0x47]),
            ] + extra)
    }

    @Test func keepTakeoutZipPrefersJSONOverItsHTML() throws {
        let (items, report) = try Self.importBytes(try Self.keepTakeout(), "takeout-20240101.zip")
        #expect(report.format == "keep-takeout")
        #expect(report.notes == 2, "Gmail.html is the JSON note's copy; Wifi.html has no JSON")
        #expect(Set(items.map(\.title)) == ["Gmail", "Wifi Casa-5G"])
        #expect(items.first { $0.title == "Gmail" }?.tags == ["Passwords", "Personal"])
    }

    @Test func simplenoteZip() throws {
        let bytes = try Self.zip([
            ("source/notes.json", try Self.sample("simplenote-notes.json")),
            ("Streaming.txt", Array("Streaming\nNetflix".utf8)),
        ])
        let (items, report) = try Self.importBytes(bytes, "notes.zip")
        #expect(report.format == "simplenote-zip")
        #expect(report.notes == 3)
        #expect(items.contains { $0.password == "Fl1x-Night" })
    }

    @Test func protonPassZip() throws {
        let json = """
            {"encrypted":false,"userId":"u","version":"1.17.0","vaults":{"v1":{"name":"Personal","items":[
            {"itemId":"i","state":1,"createTime":1700000000,"modifyTime":1700000100,"pinned":false,
            "data":{"type":"login","metadata":{"name":"GitHub","note":""},"extraFields":[],
            "content":{"itemUsername":"ana","password":"Gh-Proton-1","urls":["https://github.com"]}}}]}}}
            """
        let bytes = try Self.zip([("Proton Pass/data.json", Array(json.utf8))])
        let (items, report) = try Self.importBytes(bytes, "Proton Pass_export.zip")
        #expect(report.format == "protonpass-json")
        #expect(items.first?.password == "Gh-Proton-1")
    }

    @Test func otherZipKeepsTheUnzipMessage() throws {
        let bytes = try Self.zip([("export/data.csv", Array("a,b\n1,2\n".utf8))])
        let error = #expect(throws: ConverterError.self) { try Importer.importFile(bytes, input: "1password.zip") }
        #expect(error?.code == .unrecognized)
        #expect(error?.reason.contains("unzip it") == true)
    }

    @Test func zipBombIsRefusedNamingTheEntry() throws {
        let zeros = [UInt8](repeating: 0x20, count: 4 << 20)
        let bytes = try Self.zip([("Takeout/Keep/bomb.json", zeros)])
        #expect(bytes.count < 64 << 10, "a high-ratio entry")
        let error = #expect(throws: ConverterError.self) { try Importer.importFile(bytes, input: "takeout.zip") }
        #expect(error?.code == .inflationLimit)
        #expect(error?.reason.contains("Takeout/Keep/bomb.json") == true)
        #expect(error?.reason.contains("1000 times") == true)
    }

    @Test func zipEntryAndTotalSizeLimits() throws {
        let note = try Self.sample("keep-note.json")
        let bytes = try Self.keepTakeout([("Takeout/Keep/Second.json", note)])
        var limits = ImportLimits.standard
        limits.archiveEntryBytes = 100
        var error = #expect(throws: ConverterError.self) {
            try Importer.importFile(bytes, input: "t.zip", limits: limits)
        }
        #expect(error?.code == .inflationLimit)
        #expect(error?.reason.contains("limit per entry") == true)
        limits = .standard
        limits.archiveBytes = note.count + 10
        error = #expect(throws: ConverterError.self) { try Importer.importFile(bytes, input: "t.zip", limits: limits) }
        #expect(error?.reason.contains("limit for a ZIP export") == true)
        limits = .standard
        limits.archiveEntries = 3
        error = #expect(throws: ConverterError.self) { try Importer.importFile(bytes, input: "t.zip", limits: limits) }
        #expect(error?.reason.contains("more than 3 entries") == true)
    }

    @Test func pathTraversalNamesAreNotRead() throws {
        let bytes = try Self.keepTakeout([
            ("../../Keep/evil.json", try Self.sample("keep-note.json")),
            ("/etc/Keep/abs.json", try Self.sample("keep-note.json")),
        ])
        let (items, report) = try Self.importBytes(bytes, "takeout.zip")
        #expect(items.count == 2)
        #expect(report.warnings.filter { $0.contains("unsafe name") }.count == 2)
    }

    @Test func truncatedZipNamesTheFile() throws {
        let bytes = try Self.keepTakeout()
        let error = #expect(throws: ConverterError.self) {
            try Importer.importFile(Array(bytes.prefix(bytes.count / 2)), input: "takeout-part.zip")
        }
        #expect(error?.code == .malformed)
        #expect(error?.input == "takeout-part.zip")
        #expect(error?.description.contains("truncated") == true)
    }

    /// Found by scripts/fuzz: a central directory that points past the end of the data or
    /// into the middle of an entry must never trap (ZIPFoundation's in-memory reader did).
    /// libarchive may still read such an archive by its local headers, whose CRC-32s hold;
    /// otherwise the archive is refused as damaged, naming the file.
    @Test(arguments: [UInt32(0xFFFF_FF00), 0x7FFF_FFFF, 1])
    func aCentralDirectoryOffsetOutsideTheDataNeverTraps(offset: UInt32) throws {
        var bytes = try Self.keepTakeout()
        let eocd = try #require(
            (0...(bytes.count - 22)).reversed().first { bytes[$0..<$0 + 4] == [0x50, 0x4B, 0x05, 0x06] })
        for shift in 0..<4 { bytes[eocd + 16 + shift] = UInt8(truncatingIfNeeded: offset >> (8 * UInt32(shift))) }
        do {
            let (items, report) = try Self.importBytes(bytes, "bent.zip")
            #expect(report.format == "keep-takeout")
            #expect(items.map(\.title).sorted() == ["Gmail", "Wifi Casa-5G"])
        } catch let error as ConverterError {
            #expect(error.code == .malformed)
            #expect(error.input == "bent.zip")
        }
    }

    @Test func aLocalHeaderWithoutACentralDirectoryIsADamagedArchive() throws {
        let bytes = try Self.keepTakeout()
        let local = Array(bytes.prefix(200))
        let error = #expect(throws: ConverterError.self) { try Importer.importFile(local, input: "cut.zip") }
        #expect(error?.code == .malformed)
        #expect(error?.description.contains("damaged or truncated") == true)
    }

    @Test func aDamagedNoteInATakeoutIsSkippedAndReported() throws {
        let bytes = try Self.keepTakeout([("Takeout/Keep/Broken.json", Array(#"{"title": "x", "textContent": "#.utf8))])
        let (items, report) = try Self.importBytes(bytes, "takeout.zip")
        #expect(items.count == 2)
        #expect(report.skipped.count == 1)
        #expect(report.skipped.first?.reason.contains("Broken.json") == true)
    }

    @Test func aForcedFormatNeverReadsAnUnknownZipAsText() throws {
        let bytes = try Self.zip([("data.csv", Array("title,username,password\nA,b,c\n".utf8))])
        let error = #expect(throws: ConverterError.self) {
            try Importer.importFile(bytes, input: "export.zip", format: "notes")
        }
        #expect(error?.reason.contains("unzip it") == true)
    }

    @Test func detectionLooksAtTheRootElementNotAtMentions() {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><array><string><![CDATA[<html><div class="note ">]]></string></array></plist>
            """
        #expect(!MarkupSniffer.isHTML(Array(plist.utf8)))
        #expect(!GoogleKeepHTMLImporter.matches(Array(plist.utf8)))
        #expect(MarkupSniffer.root(Array(plist.utf8))?.name == "plist")
        let enex = "<?xml version=\"1.0\"?>\n<!-- c -->\n<!DOCTYPE en-export [<!ENTITY a \"<html>\">]>\n<en-export>"
        #expect(EvernoteImporter.matches(Array(enex.utf8)))
        #expect(MarkupSniffer.isHTML(Array("<!DOCTYPE html>\n<html lang=en>".utf8)))
    }

    // MARK: Directories

    @Test func directoryListsNotesFilesRecursivelySkippingHiddenAndKeepHTMLCopies() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("notes-dir-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for path in [".obsidian", "Keep", "deep/er", ".trash"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(path), withIntermediateDirectories: true)
        }
        for path in [
            "a.md", "Keep/Gmail.json", "Keep/Gmail.html", "Keep/Wifi.html", "deep/er/b.txt", "photo.png",
            ".obsidian/app.json", ".trash/old.md", ".hidden.md",
        ] {
            try Data("x".utf8).write(to: root.appendingPathComponent(path))
        }
        let files = try InputDirectory.files(in: root.path).map { String($0.dropFirst(root.path.count + 1)) }
        #expect(files == ["Keep/Gmail.json", "Keep/Wifi.html", "a.md", "deep/er/b.txt"])
    }

    // MARK: Metadata rules

    @Test func noteTitleIsNotTakenWhenTheRecordHasItsOwn() {
        var note = ExportedNote(title: "Logins", text: "", origin: "note 1")
        note.folder = ["Personal"]
        var item = VaultItem(title: "Amazon")
        item.username = "ana"
        note.apply(to: &item, records: 1)
        #expect(item.title == "Amazon")
        #expect(item.folder == ["Personal"])
        var other = VaultItem(title: "ana")
        other.username = "ana"
        note.apply(to: &other, records: 2)
        #expect(other.title == "Logins")
        #expect(other.folder == ["Personal", "Logins"])
    }

    @Test func anEmptyNoteWithATitleIsASecureNoteAndOneWithoutIsReported() {
        let notes = [
            ExportedNote(title: "Ideas", text: "  ", origin: "a"), ExportedNote(title: "", text: "", origin: "b"),
        ]
        let (items, report) = ExportedNote.importNotes(notes, input: "x", format: "t")
        #expect(items.map(\.title) == ["Ideas"])
        #expect(items.first?.kind == .secureNote)
        #expect(report.read == 2 && report.keptAsNotes == 1 && report.skipped.count == 1 && report.addsUp)
    }
}

extension NotesAppExportTests {
    /// Front matter keys Coffer does not read are kept, concealed, never read as a record.
    @Test func unreadFrontMatterIsKeptNotReadAsRecords() throws {
        let text = "---\naliases: [logins, creds]\ntags: [private]\n---\n## Games\n- Steam — zk_steam / Val#ve99\n"
        let (items, _) = try Importer.importFile(Array(text.utf8), input: "note.md")
        #expect(items.count == 1 && items[0].title == "Steam" && items[0].tags == ["private"])
        let kept = items[0].customFields.first { $0.name == NotesImporter.unrecognizedFieldName }
        #expect(kept?.value.contains("aliases: [logins, creds]") == true && kept?.concealed == true)
        let bare = try Importer.importFile(Array("---\naliases: [x]\ntags: [y]\n---\n".utf8), input: "e.md").items
        #expect(bare.count == 1 && bare[0].kind == .secureNote)
    }
}

extension NotesAppExportTests {
    /// Evernote wraps a list item's text in a `<div>`: the item stays one `- ` line.
    @Test func aBlockInsideAListItemContinuesItsLine() {
        let text = HTMLText.render(
            HTMLTokenizer.tokens("<en-note><ul><li><div>Milch</div></li><li><div>Brot</div></li></ul></en-note>"))
        #expect(text == "- Milch\n- Brot")
    }
}
