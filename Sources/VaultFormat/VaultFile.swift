import Foundation
import PropertyList
import VaultCrypto

/// A vault file opened for reading. Without a key it checks everything a stranger can:
/// magic, version, header checksum, every field and KDF bound, and the size arithmetic
/// (truncation and trailing data). ``unlock(with:)`` then tries the keyslots.
public final class VaultFile: Sendable {
    public let path: String
    public let parsed: VaultHeader.Parsed
    public let fileLength: Int
    let geometry: PayloadGeometry
    private let storage: Storage

    /// Where the bytes are: a file (read with pread, chunk by chunk) or memory (test kit
    /// vectors and tamper sweeps, which open thousands of variants).
    private enum Storage {
        case descriptor(Int32)
        case memory([UInt8])
    }

    public var header: VaultHeader { parsed.header }
    public var headerLength: Int { parsed.bytes.count }
    public var chunkCount: Int { geometry.chunkCount }

    /// Chunks present in full (all of them unless opened for salvage of a truncated file).
    public let availableChunks: Int
    /// The recovery trailer after the payload (format 1.1, spec/FORMAT.md §11), if any.
    package let recovery: RecoveryLayout?
    /// The parity blocks per group of the vault's recovery trailer; 0 without one.
    public var parity: Int { recovery?.parity ?? 0 }
    /// The parity a save keeps: the trailer's, or 0 for a 1.1 file written without one
    /// (`--parity 0`); nil for a 1.0 file, which a save gives the default trailer.
    package var parityToKeep: Int? {
        recovery?.parity ?? (header.minorVersion >= FormatLimits.minorVersionWith11Features ? 0 : nil)
    }

    /// The file's bytes for the recovery code, which reads at random offsets.
    package var bytes: FileBytes {
        switch storage {
        case .memory(let bytes): FileBytes(bytes: bytes, name: path)
        case .descriptor(let fd): FileBytes(descriptor: fd, path: path, length: fileLength)
        }
    }

    public convenience init(path: String, allowLargeKDFMemory: Bool = false, forSalvage: Bool = false) throws {
        // Non-blocking, then the type checked: a FIFO given as a vault fails at once.
        let descriptor = Foundation.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw VaultError(.fileSystem, "\(path): cannot open: \(String(cString: strerror(errno)))")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            Foundation.close(descriptor)
            throw VaultError(.fileSystem, "\(path): cannot stat")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            Foundation.close(descriptor)
            throw VaultError(.fileSystem, "\(path): not a regular file (a vault is one)")
        }
        try self.init(
            path: path, storage: .descriptor(descriptor), length: Int(info.st_size),
            allowLargeKDFMemory: allowLargeKDFMemory, forSalvage: forSalvage)
    }

    /// Opens a vault held in memory; `name` is used in messages.
    public convenience init(bytes: [UInt8], name: String = "<memory>", allowLargeKDFMemory: Bool = false) throws {
        try self.init(
            path: name, storage: .memory(bytes), length: bytes.count, allowLargeKDFMemory: allowLargeKDFMemory)
    }

    private init(
        path: String, storage: Storage, length fileLength: Int, allowLargeKDFMemory: Bool, forSalvage: Bool = false
    ) throws {
        self.path = path
        self.storage = storage
        self.fileLength = fileLength
        do {
            let prefix = try Self.read(storage, path: path, count: min(FormatLimits.prefixBytes, fileLength), at: 0)
            let length = try VaultHeader.headerLength(prefix: prefix, fileLength: fileLength)
            let headerBytes = try Self.read(storage, path: path, count: length, at: 0)
            parsed = try VaultHeader.parse(headerBytes, allowLargeKDFMemory: allowLargeKDFMemory)
            geometry = PayloadGeometry(payloadLength: parsed.header.payloadLength)!  // parse checked it
            var expected = length + geometry.payloadLength
            var recovery: RecoveryLayout? = nil
            if parsed.header.hasRecoveryTrailer {
                let view: FileBytes
                switch storage {
                case .memory(let bytes): view = FileBytes(bytes: bytes, name: path)
                case .descriptor(let fd): view = FileBytes(descriptor: fd, path: path, length: fileLength)
                }
                switch try RecoveryLayout.locate(headerLength: length, payloadLength: geometry.payloadLength, in: view)
                {
                case .found(let layout, _):
                    recovery = layout
                    expected = layout.fileLength
                case .wrongLength(let length): expected = length
                }
            }
            self.recovery = recovery
            var available = geometry.chunkCount
            if forSalvage, fileLength < expected {
                available = 0
                while available < geometry.chunkCount,
                    length + geometry.ciphertextRange(ofChunk: available).upperBound <= fileLength
                {
                    available += 1
                }
            }
            availableChunks = available
            let recoveryNote = parsed.header.hasRecoveryTrailer ? " and recovery trailer announce" : " announces"
            if fileLength < expected, !forSalvage {
                throw VaultError(
                    .truncated, "the header\(recoveryNote) \(expected) bytes; the file has \(fileLength)",
                    byteRange: fileLength..<expected)
            }
            if fileLength > expected, !forSalvage {
                throw VaultError(
                    .trailingData,
                    "\(fileLength - expected) bytes after the final chunk\(parsed.header.hasRecoveryTrailer ? "'s recovery trailer" : "")",
                    byteRange: expected..<fileLength)
            }
        } catch {
            if case .descriptor(let fd) = storage { Foundation.close(fd) }
            throw error
        }
    }

    deinit {
        if case .descriptor(let fd) = storage { Foundation.close(fd) }
    }

    /// Tries the keyslots `credentials` can address, in header order (only those labelled
    /// `credentials.slotLabel` when it is set). The first slot whose unwrapped file key
    /// verifies the header MAC is used (spec/FORMAT.md §3, "Several slots"): a slot that
    /// unwraps a key the MAC refuses is passed over, and only when no slot verifies is the
    /// failure *hmac failure* (some slot unwrapped) or *no match* (none did).
    public func unlock(with credentials: Credentials) throws -> UnlockedVault {
        if let opened = unlock(
            withFileKey: credentials.fileKey, slot: credentials.fileKeySlot, memberSecret: credentials.memberSecret)
        {
            return opened
        }
        var candidates = Array(header.slots.enumerated())
        if let label = credentials.slotLabel {
            candidates = candidates.filter { $0.element.label == label }
            guard !candidates.isEmpty else {
                let labels = header.slots.map { "\"\(KeySlot.printable($0.label))\"" }.joined(separator: ", ")
                throw VaultError(
                    .noMatch, "no keyslot is labelled \"\(KeySlot.printable(label))\"; labels: \(labels)")
            }
        }
        var unwrapped = [Int]()
        for (index, slot) in candidates {
            guard let (fileKey, member) = try KeySlotCrypto.open(slot, with: credentials) else { continue }
            let keys = VaultKeys(fileKey: fileKey)
            if keys.authenticates(parsed) {
                return UnlockedVault(file: self, keys: keys, slotIndex: index, member: member)
            }
            unwrapped.append(index)
        }
        if !unwrapped.isEmpty {
            let which = unwrapped.map(String.init).joined(separator: ", ")
            throw VaultError(
                .headerAuthentication,
                "keyslot\(unwrapped.count == 1 ? "" : "s") \(which) opened but the header MAC does not verify: the header was changed after sealing",
                byteRange: 0..<headerLength)
        }
        let kinds = Set(candidates.map(\.element.kind.name)).sorted().joined(separator: ", ")
        throw VaultError(.noMatch, "no keyslot matches the key given (wrong passphrase or key?); slots: \(kinds)")
    }

    /// Reads the sealed bytes of chunk `index`.
    func readChunk(_ index: Int) throws -> [UInt8] {
        let range = geometry.ciphertextRange(ofChunk: index)
        return try Self.read(storage, path: path, count: range.count, at: headerLength + range.lowerBound)
    }

    /// Reads the sealed bytes of the contiguous chunks `range` into `buffer` with one read;
    /// returns each chunk's sealed size.
    func readChunks(_ range: Range<Int>, into buffer: UnsafeMutableRawBufferPointer) throws -> [Int] {
        let sizes = range.map { geometry.ciphertextRange(ofChunk: $0).count }
        let start = headerLength + geometry.ciphertextRange(ofChunk: range.lowerBound).lowerBound
        let total = sizes.reduce(0, +)
        switch storage {
        case .memory(let bytes):
            guard start + total <= bytes.count else { throw VaultError(.truncated, "file ended while reading") }
            bytes.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + start, byteCount: total) }
        case .descriptor(let fd):
            var done = 0
            while done < total {
                let n = Foundation.pread(fd, buffer.baseAddress! + done, total - done, off_t(start + done))
                if n < 0, errno == EINTR { continue }
                guard n > 0 else {
                    throw VaultError(.truncated, "file ended while reading", byteRange: start..<start + total)
                }
                done += n
            }
        }
        return sizes
    }

    func fileRange(ofChunk index: Int) -> Range<Int> {
        let range = geometry.ciphertextRange(ofChunk: index)
        return headerLength + range.lowerBound..<headerLength + range.upperBound
    }

    private static func read(_ storage: Storage, path: String, count: Int, at offset: Int) throws -> [UInt8] {
        switch storage {
        case .memory(let bytes):
            guard offset + count <= bytes.count else {
                throw VaultError(.truncated, "file ended while reading", byteRange: offset..<offset + count)
            }
            return Array(bytes[offset..<offset + count])
        case .descriptor(let fd):
            return try pread(fd, path: path, count: count, at: offset)
        }
    }

    static func pread(_ fd: Int32, path: String, count: Int, at offset: Int) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let n = out.withUnsafeMutableBytes {
                Foundation.pread(fd, $0.baseAddress! + done, count - done, off_t(offset + done))
            }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                if n == 0 {
                    throw VaultError(.truncated, "file ended while reading", byteRange: offset..<offset + count)
                }
                throw VaultError(.fileSystem, "\(path): read failed: \(String(cString: strerror(errno)))")
            }
            done += n
        }
        return out
    }
}
