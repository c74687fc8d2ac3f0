/// The one way a folder path is written as text (spec/MODEL.md "Folder paths"): levels are
/// separated by `/`, a slash inside a level's name is written `\/` and a backslash `\\`, and
/// spaces around a level are not part of its name. Items store the levels themselves, so an
/// imported folder named `Casa / Home` stays one level and prints as `Casa \/ Home`, while
/// `--folder "Casa / Home"` makes two levels and prints as `Casa/Home`.
public enum FolderPath {
    /// The levels of `text`, outermost first; `""` is no folder. An empty level (`a//b`,
    /// a trailing `/`) or a backslash before anything but `/` or `\` is an error.
    public static func parse(_ text: String) throws -> [String] {
        var levels = [String]()
        var current = ""
        var escaped = false
        func finishLevel() throws {
            let name = current.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else {
                throw ModelError(key: "folder", "\"\(text)\" has an empty folder name (\"a/b\" separates two levels)")
            }
            levels.append(name)
            current = ""
        }
        for character in text {
            if escaped {
                guard character == "/" || character == "\\" else {
                    throw ModelError(
                        key: "folder", "\"\(text)\": a backslash escapes only / or \\ (write \\\\ for a backslash)")
                }
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "/" {
                try finishLevel()
            } else {
                current.append(character)
            }
        }
        if escaped { throw ModelError(key: "folder", "\"\(text)\" ends in a lone backslash") }
        if text.trimmingCharacters(in: .whitespaces).isEmpty { return [] }
        try finishLevel()
        return levels
    }

    /// The text form of `levels`: each name with `\` and `/` escaped, joined by `/`.
    public static func format(_ levels: [String]) -> String {
        if levels.count == 1 { return escape(levels[0]) }  // the common case, without joining
        return levels.map(escape).joined(separator: "/")
    }

    /// One level's name with `\` written `\\` and `/` written `\/`.
    public static func escape(_ name: String) -> String {
        // Most names hold neither byte: settled without walking characters.
        guard name.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }) else { return name }
        guard name.contains(where: { $0 == "/" || $0 == "\\" }) else { return name }
        return name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "/", with: "\\/")
    }
}
