import Foundation

/// Executables of this package as the current build made them, found through the build:
/// next to the running test bundle (SwiftPM puts products and the `.xctest` in one bin
/// directory, whatever the triple or configuration), else wherever
/// `swift build --show-bin-path` says — never a hard-coded `.build/debug`.
public enum BuiltProduct {
    /// The path of the executable product `name`, or nil when the build has none.
    public static func path(of name: String) -> String? {
        for directory in candidateDirectories() {
            let path = directory.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    static func candidateDirectories() -> [URL] {
        var directories = [URL]()
        // Linux: the test bundle is an executable in the bin directory.
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            directories.append(executable.deletingLastPathComponent())
        }
        // macOS: a `.xctest` bundle in the bin directory, loaded by xctest.
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            directories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        if let shown = binPathFromSwiftBuild() { directories.append(shown) }
        return directories
    }

    /// Asks SwiftPM, from the package root this file sits under.
    static func binPathFromSwiftBuild() -> URL? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        guard let swift = ProcessRunner.path(of: "swift"),
            let result = try? ProcessRunner.run(swift, ["build", "--show-bin-path"], directory: root),
            result.status == 0
        else { return nil }
        let text = String(decoding: result.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : URL(fileURLWithPath: text)
    }
}
