import Foundation

/// The memory this process may use: the smaller of the machine's physical memory and the
/// memory limit of its control group (cgroup v2 `memory.max` of the process's group and its
/// ancestors, or cgroup v1 `memory.limit_in_bytes`). A container limited to 1 GiB on a
/// 64 GiB host has 1 GiB: an Argon2id run sized for the host would be killed there.
public enum MachineMemory {
    /// Bytes this process may use (read once; the limit of a running process rarely changes).
    public static let availableBytes: UInt64 = available(
        physical: ProcessInfo.processInfo.physicalMemory, readFile: readSmallFile)

    /// `physical`, lowered to the cgroup limit found through `readFile` (a path's contents,
    /// nil when unreadable). Separate from the real files so tests can feed any layout.
    static func available(physical: UInt64, readFile: (String) -> String?) -> UInt64 {
        var result = physical
        for limit in cgroupLimits(readFile: readFile) where limit > 0 { result = min(result, limit) }
        return result
    }

    /// Every memory limit that applies, from /proc/self/cgroup: v2 (`0::/path`) walks from the
    /// process's group up to the root; v1 (`N:…memory…:/path`) reads the memory controller.
    /// Without /proc/self/cgroup, the cgroup root's own files are read.
    static func cgroupLimits(readFile: (String) -> String?) -> [UInt64] {
        var limits = [UInt64]()
        let membership = readFile("/proc/self/cgroup") ?? ""
        for line in membership.split(separator: "\n") {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            let path = String(fields[2])
            if fields[0] == "0", fields[1].isEmpty {
                var directory = path
                while true {
                    let base = directory == "/" ? "/sys/fs/cgroup" : "/sys/fs/cgroup" + directory
                    if let limit = readFile(base + "/memory.max").flatMap(parseLimit) { limits.append(limit) }
                    guard directory != "/", let slash = directory.lastIndex(of: "/") else { break }
                    directory = slash == directory.startIndex ? "/" : String(directory[..<slash])
                }
            } else if fields[1].split(separator: ",").contains("memory") {
                for base in ["/sys/fs/cgroup/memory" + (path == "/" ? "" : path), "/sys/fs/cgroup/memory"] {
                    if let limit = readFile(base + "/memory.limit_in_bytes").flatMap(parseLimit) {
                        limits.append(limit)
                        break
                    }
                }
            }
        }
        if limits.isEmpty, let limit = readFile("/sys/fs/cgroup/memory.max").flatMap(parseLimit) {
            limits.append(limit)
        }
        return limits
    }

    /// A limit file's value in bytes; nil for `max` (no limit) or anything unreadable. cgroup
    /// v1 reports "no limit" as a huge number, which `min` with physical memory absorbs.
    static func parseLimit(_ text: String) -> UInt64? {
        UInt64(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    private static func readSmallFile(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 4096) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
