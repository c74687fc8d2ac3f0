import Foundation
import Testing
import VaultModel

@testable import Converters

/// Notes saved as RTF (TextEdit, WordPad) and JSON that no export format knows (chat exports,
/// pasted data): read as notes lists, never refused, with RTF's limits kept.
@Suite struct RTFAndJSONTextTests {
    static func read(_ text: String, input: String) throws -> ([VaultItem], ImportReport) {
        try Importer.importFile(Array(text.utf8), input: input)
    }

    @Test func aTextEditDocumentIsReadAsANotesList() throws {
        let rtf = #"""
            {\rtf1\ansi\ansicpg1252\cocoartf2709
            {\fonttbl\f0\fswiss\fcharset0 Helvetica;}
            {\colortbl;\red255\green255\blue255;}
            {\*\expandedcolortbl;;}
            \paperw11900\paperh16840\margl1440\margr1440\vieww11520\viewh8400\viewkind0
            \pard\tx566\pardirnatural\partightenfactor0

            \f0\fs24 \cf0 Caf\'e9 Wi-Fi\
            user: barista\
            password: Espr\'e8sso#9\
            \
            Dropbox \uc0\u8212  mara@x.org \u8212  Box\{Box\}42\
            }
            """#
        let (items, report) = try Self.read(rtf, input: "notes.rtf")
        #expect(report.format == "rtf" && report.addsUp)
        #expect(items.count == 2)
        #expect(items.first?.title == "Café Wi-Fi" && items.first?.password == "Esprèsso#9")
        #expect(items.last?.title == "Dropbox" && items.last?.username == "mara@x.org")
        #expect(items.last?.password == "Box{Box}42")
        // Nothing of the font or colour tables reaches an item.
        #expect(!items.contains { [$0.title, $0.notes ?? ""].joined().contains("Helvetica") })
    }

    @Test func rtfCharactersBeyondTheBMPAndFallbacks() throws {
        // `\uN` with one fallback character (`?`) skipped, and a surrogate pair for 🔑.
        let text = try RTFText.text(Array(#"{\rtf1\uc1 Gr\u252?n \u-10179?\u-8943?}"#.utf8))
        #expect(text == "Grün 🔑")
    }

    @Test func aDeeplyNestedRTFIsAClearError() throws {
        let deep = "{\\rtf1 " + String(repeating: "{", count: RTFText.maximumDepth + 10) + "x"
        let error = #expect(throws: ConverterError.self) { try Self.read(deep, input: "deep.rtf") }
        #expect(error?.code == .malformed && error?.offset != nil)
        // Unclosed groups at the end are no error: the text read so far is kept.
        let (items, _) = try Self.read("{\\rtf1 {\\b Gmail: ana@x.org / Pw#Mail1", input: "open.rtf")
        #expect(items.first?.password == "Pw#Mail1")
    }

    @Test func aChatExportIsReadMessageByMessage() throws {
        let telegram = #"""
            {"name": "Ana", "type": "personal_chat", "id": 42, "messages": [
              {"id": 1, "type": "message", "date": "2023-01-02T10:00:00", "from": "Ana", "text": "here you go"},
              {"id": 2, "type": "message", "date": "2023-01-02T10:01:00", "from": "Ana",
               "text": ["Shop admin: ", {"type": "link", "text": "https://shop.example/admin"},
                        "\nuser: ana_admin\npass: ", {"type": "code", "text": "Sh0p#Keeper"}]}
            ]}
            """#
        let (items, report) = try Self.read(telegram, input: "result.json")
        #expect(report.format == "json-text" && report.addsUp)
        let shop = try #require(items.first { $0.password == "Sh0p#Keeper" })
        #expect(shop.username == "ana_admin" && shop.urls == ["https://shop.example/admin"])
        // Slack's link markup and escapes are read as typed.
        let slack =
            #"[{"type": "message", "user": "U1", "ts": "1.2", "text": "figma: <mailto:ops@x.org|ops@x.org> / Fig&amp;Ma#1"}]"#
        let (slackItems, _) = try Self.read(slack, input: "general.json")
        #expect(slackItems.first?.username == "ops@x.org" && slackItems.first?.password == "Fig&Ma#1")
    }

    @Test func aListOfObjectsWithoutAPasswordKeyIsText() throws {
        // (It was refused: two of its keys named the username.) A list with a password key is
        // still a list of accounts.
        let messages = #"[{"user": "U1", "user_team": "T1", "text": "gmail ana@x.org Mail#Pw1", "ts": "1"}]"#
        let (items, report) = try Self.read(messages, input: "export.json")
        #expect(report.format == "json-text" && items.first?.password == "Mail#Pw1")
        let accounts = #"[{"site": "Gmail", "login": "ana@x.org", "pwd": "Mail#Pw1"}]"#
        let (rows, listReport) = try Self.read(accounts, input: "accounts.json")
        #expect(listReport.format.hasPrefix("plist-json") && rows.first?.password == "Mail#Pw1")
    }
}

extension RTFAndJSONTextTests {
    @Test func rtfUnicodeOutOfRangeIsAReplacementNotACrash() throws {
        for input in [
            #"{\rtf1 \u-70000 x}"#, #"{\rtf1 \u4294967296 x}"#, #"{\rtf1 \u99999999999 x}"#,
            #"{\rtf1 \uc99999 \u65 abc}"#,
        ] {
            let text = try RTFText.text(Array(input.utf8))
            #expect(!text.isEmpty, "\(input)")
        }
    }

    @Test func aMessageWithAccountKeysIsReadWhole() throws {
        let json =
            #"{"service": "Netflix", "username": "ana@x.org", "password": "Flix#Night1", "text": "family plan", "date": "2024-01-01"}"#
        let (items, _) = try Self.read(json, input: "a.json")
        #expect(items.first?.username == "ana@x.org" && items.first?.password == "Flix#Night1")
        // Id-like keys that name a login or a secret are kept; a UUID under a password key too.
        let keys =
            #"{"name": "AWS", "aws_access_key_id": "AKIAEXAMPLE1", "password": "0b0e6d1e-5e5c-4a4e-9c1f-2f2b5a0c9d11", "folderId": "f1"}"#
        let (awsItems, report) = try Self.read(keys, input: "b.json")
        let kept = NotesCorpus.haystack(awsItems)
        #expect(kept.contains("0b0e6d1e-5e5c-4a4e-9c1f-2f2b5a0c9d11") && kept.contains("akiaexample1"))
        #expect(!awsItems.contains { $0.title.contains("0b0e6d1e") || $0.urls.joined().contains("0b0e6d1e") })
        #expect(report.warnings.contains { $0.contains("1 values not read") })
    }
}
