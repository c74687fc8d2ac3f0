import CofferKit

/// Reading a folder path given on the command line (spec/MODEL.md "Folder paths"): a bad
/// one is a usage error that says what the rule is.
enum FolderArgument {
    /// The levels of `text`; `"/"` (as well as `""`) is the top level when `rootAllowed`.
    static func parse(_ text: String, option: String, rootAllowed: Bool = true) throws -> [String] {
        if rootAllowed, text.trimmingCharacters(in: .whitespaces) == "/" { return [] }
        do {
            let path = try FolderPath.parse(text)
            if path.isEmpty, !rootAllowed { throw CofferFailure(message: "\(option): name a folder", exitCode: 2) }
            return path
        } catch let error as ModelError {
            throw CofferFailure(message: "\(option): \(error.reason)", exitCode: 2)
        }
    }
}

extension ModelError {
    /// A model rule broken by a command-line value: a usage error naming the option.
    func asUsage(_ option: String) -> CofferFailure {
        CofferFailure(message: "\(option): \(reason)", exitCode: 2)
    }
}
