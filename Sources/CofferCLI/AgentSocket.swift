import Foundation

/// The few socket calls the agent and its clients share (AF_UNIX, stream).
enum AgentSocket {
    /// How long either side waits for the other before giving up: an agent never hangs on a
    /// silent client, and a command never hangs on a stuck agent.
    static let ioTimeoutSeconds = 5

    static func make() throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw CofferFailure.io("cannot make a Unix socket (\(String(cString: strerror(errno))))") }
        var limit = timeval(tv_sec: ioTimeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }

    /// Calls `body` with `path` as a sockaddr_un; nil when the path is too long for one.
    static func withAddress<R>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }

    /// A connected socket, or nil when no agent listens there.
    static func connect(to path: String) -> Int32? {
        guard let fd = try? make() else { return nil }
        let result = withAddress(path) { Glibc.connect(fd, $0, $1) }
        guard result == 0 else {
            close(fd)
            return nil
        }
        return fd
    }

    static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < buffer.count {
            let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }

    static func writeAll(_ fd: Int32, _ text: String) -> Bool {
        Array(text.utf8).withUnsafeBytes { writeAll(fd, $0) }
    }

    /// Reads exactly `buffer.count` bytes.
    static func readExactly(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Bool {
        var offset = 0
        while offset < buffer.count {
            let n = read(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }

    /// One line without its LF, at most `limit` bytes; nil on EOF, timeout or an overlong line.
    static func readLine(_ fd: Int32, limit: Int = 4096) -> String? {
        var line = [UInt8]()
        var byte: UInt8 = 0
        while line.count <= limit {
            let n = read(fd, &byte, 1)
            if n < 0, errno == EINTR { continue }
            guard n == 1 else { return nil }
            if byte == 0x0A { return String(validating: line, as: UTF8.self) }
            line.append(byte)
        }
        return nil
    }
}
