import Foundation
import VaultModel

/// What every manager importer does to a record it has read: a title when it has none, a
/// secure note when it holds no credential, and the count that says so.
enum ManagerRecord {
    static func finish(_ item: VaultItem, report: inout ImportReport) -> VaultItem {
        var item = item
        if item.title.isEmpty { item.title = CSVImporter.fallbackTitle(for: item) }
        if item.title.isEmpty { item.title = "Untitled" }
        URLCredentials.takeOut(of: &item)
        // A PIN or an answer in a manager's notes or plain fields is kept out of sight.
        CSVImporter.concealSecretFields(of: &item)
        CSVImporter.concealSecretNoteLines(of: &item)
        let hasCredential =
            item.password != nil || item.username != nil || !item.urls.isEmpty || item.totp != nil
            || !item.details.isEmpty
        if !hasCredential && item.kind == .login {
            item.kind = .secureNote
            report.keptAsNotes += 1
        } else if item.kind == .secureNote {
            report.keptAsNotes += 1
        } else {
            report.imported += 1
        }
        return item
    }
}

/// The first bytes of an XML document, to tell exports apart by their root element.
enum XMLHead {
    static func contains(_ marker: String, in bytes: [UInt8]) -> Bool {
        String(decoding: bytes.prefix(2048), as: UTF8.self).contains(marker)
    }
}
