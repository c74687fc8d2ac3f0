import Foundation

/// The file a vault path names, for writing: symlinks are followed to the file they name
/// (so saving through a link updates the real vault and locking sees one file whichever
/// path names it); a dangling link, or a link to something that is not a regular file, is
/// refused rather than replaced.
public struct VaultPath: Sendable, Equatable {
    /// The absolute path with every symlink resolved (the directory's too).
    public var path: String
    /// Whether the file exists.
    public var exists: Bool

    /// Resolves `path`. A path that does not exist resolves through its directory, which must.
    public static func resolve(_ path: String) throws -> VaultPath {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            guard errno == ENOENT else { throw failure(path, "cannot be examined") }
            let url = URL(fileURLWithPath: path)
            let directory = url.deletingLastPathComponent().path
            guard let real = realPath(directory) else {
                throw VaultError(.fileSystem, "\(path): the directory \(directory) does not exist")
            }
            return VaultPath(path: (real == "/" ? "" : real) + "/" + url.lastPathComponent, exists: false)
        }
        if info.st_mode & S_IFMT == S_IFLNK {
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
            guard let real = realPath(path) else {
                throw VaultError(
                    .fileSystem,
                    "\(path): a symbolic link to \(target), which does not exist; refusing to write through it")
            }
            guard stat(real, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                throw VaultError(
                    .fileSystem,
                    "\(path): a symbolic link to \(real), which is not a regular file; refusing to write it")
            }
            return VaultPath(path: real, exists: true)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw VaultError(.fileSystem, "\(path): not a regular file; refusing to write it")
        }
        guard let real = realPath(path) else { throw failure(path, "cannot be resolved") }
        return VaultPath(path: real, exists: true)
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func failure(_ path: String, _ what: String) -> VaultError {
        VaultError(.fileSystem, "\(path): \(what): \(String(cString: strerror(errno)))")
    }
}
