import Foundation

/// The metadata block Joplin writes under a note in its raw export (`id: <32 hex>`,
/// `parent_id: …`, `created_time: …`, … `type_: 1`): the app's, not the person's — read for
/// the note's dates and blanked, so it is never taken for records.
struct NotesJoplinMetadata {
    var created: Date?
    var modified: Date?

    /// Finds the block at the end of `lines` and blanks it there; nil when there is none.
    init?(lines: inout [String]) {
        guard
            let start = lines.indices.reversed().prefix(200).first(where: { index in
                let line = lines[index]
                return line.hasPrefix("id: ") && line.utf8.count == 36
                    && line.utf8.dropFirst(4).allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
            })
        else { return nil }
        var keys = Set<String>()
        for line in lines[start...] where !line.trimmedWhitespace.isEmpty {
            guard let colon = line.firstIndex(of: ":"), line[..<colon].allSatisfy({ $0.isLowercase || $0 == "_" })
            else { return nil }
            keys.insert(String(line[..<colon]))
        }
        guard keys.contains("parent_id") || keys.contains("type_") else { return nil }
        for index in start..<lines.count {
            let line = lines[index]
            if line.hasPrefix("created_time: ") { created = ISODates.parse(String(line.dropFirst(14))) }
            if line.hasPrefix("updated_time: ") { modified = ISODates.parse(String(line.dropFirst(14))) }
            lines[index] = ""
        }
    }

    func apply(to drafts: inout [NotesDraft]) {
        for index in drafts.indices {
            if drafts[index].created == nil { drafts[index].created = created }
            if drafts[index].modified == nil { drafts[index].modified = modified }
        }
    }
}
