import Foundation

/// The notes files in a directory given to `import` (an Apple Notes exporter's folder, an
/// unzipped Takeout, an Obsidian vault): every regular file below it whose extension is
/// one of ``extensions``, recursively, in path order. Hidden files and folders (`.obsidian`,
/// `.trash`, `.DS_Store`) are skipped, symbolic links are not followed, and more than
/// ``maximumFiles`` files or ``maximumDepth`` levels is an error rather than a long walk.
///
/// The extension only chooses which files are notes (attachments are not); each file's
/// format is still detected from its content. Google Keep writes `NAME.json` and `NAME.html`
/// for each note: the HTML is skipped when its JSON sibling is there, so no note is read twice.
public enum InputDirectory {
    public static let extensions: Set<String> = [
        "txt", "md", "markdown", "html", "htm", "json", "enex", "csv", "zip", "rtf",
    ]
    public static let maximumFiles = 100_000
    public static let maximumDepth = 32

    /// Whether `path` names a directory (not following a final symbolic link).
    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// The files to import below `path`, as paths that start with `path`.
    public static func files(in path: String) throws -> [String] {
        var found = [String]()
        try walk(path, depth: 0, into: &found, root: path)
        found.sort()
        let names = Set(found)
        return found.filter { file in
            !(file.hasSuffix(".html") && names.contains(String(file.dropLast(5)) + ".json"))
        }
    }

    private static func walk(_ directory: String, depth: Int, into found: inout [String], root: String) throws {
        guard depth <= maximumDepth else {
            throw ConverterError(
                .tooDeep, input: root, "folders nested deeper than \(maximumDepth) levels below it; refused")
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw ConverterError(.unreadable, input: directory, "cannot be listed (\(error.localizedDescription))")
        }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: try walk(path, depth: depth + 1, into: &found, root: root)
            case S_IFREG:
                guard let dot = name.lastIndex(of: "."),
                    extensions.contains(name[name.index(after: dot)...].lowercased())
                else { continue }
                found.append(path)
                if found.count > maximumFiles {
                    throw ConverterError(
                        .tooLarge, input: root,
                        "more than \(maximumFiles) notes files below it; import its folders one by one")
                }
            default: continue
            }
        }
    }
}
