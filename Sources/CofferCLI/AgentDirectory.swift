import Foundation
import VaultCrypto

/// Where unlock agents put their sockets: `$XDG_RUNTIME_DIR/coffer`, else `/tmp/coffer-<uid>`.
/// The directory is ours alone (0700, owned by us, not a symlink); anything else is refused,
/// because a socket in a directory another user controls could be swapped for theirs.
enum AgentDirectory {
    static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty { return runtime + "/coffer" }
        return "/tmp/coffer-\(getuid())"
    }

    /// The directory, created 0700 when missing, after checking it is private.
    static func ensure(_ path: String = path()) throws -> String {
        if mkdir(path, 0o700) != 0, errno != EEXIST {
            throw CofferFailure.io("\(path): cannot create the agent directory (\(String(cString: strerror(errno))))")
        }
        try checkPrivate(path)
        return path
    }

    /// Refuses a directory that is not ours alone: a symlink, another owner, or any mode but 0700.
    static func checkPrivate(_ path: String, owner: uid_t = getuid()) throws {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            throw CofferFailure.io("\(path): cannot read the agent directory (\(String(cString: strerror(errno))))")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw CofferFailure.io("\(path): the agent directory is not a directory (a symlink?); refusing it")
        }
        guard info.st_uid == owner else {
            throw CofferFailure.io(
                "\(path): the agent directory belongs to uid \(info.st_uid), not \(owner); refusing it")
        }
        let mode = info.st_mode & 0o7777
        guard mode == 0o700 else {
            throw CofferFailure.io(
                "\(path): the agent directory has mode \(String(mode, radix: 8)), not 700; refusing it (chmod 700 it or remove it)"
            )
        }
    }

    /// The vault's path with symlinks and `..` resolved, so two spellings share one agent.
    static func resolved(_ vault: String) -> String {
        guard let real = realpath(vault, nil) else { return URL(fileURLWithPath: vault).standardized.path }
        defer { free(real) }
        return String(cString: real)
    }

    /// One socket per vault, named by a hash of its resolved path.
    static func socketName(forResolvedVault resolved: String) -> String {
        SHA256.hash(Array(resolved.utf8)).prefix(16).map { String(format: "%02x", $0) }.joined() + ".sock"
    }

    static let socketSuffix = ".sock"
}
