import Foundation
import PropertyList
import VaultCrypto

/// A private collection's sealed bytes (spec/FORMAT.md §13.5), which the vault keeps in its
/// index entry: a 32-byte salt, then the padded contents in 64 KiB STREAM chunks under a key
/// only the collection's key gives. A writer that cannot open a
/// collection copies these bytes unchanged; one that changes it seals again under a new
/// salt, so the chunk key — and with it every nonce — is new.
package enum SealedCollection {
    static let saltBytes = 32
    static let keyDomain = Array("coffer collection v1".utf8)
    static let bindingDomain = Array("coffer collection binding v1".utf8)
    static let chunkBytes = FormatLimits.chunkPlaintextBytes

    /// Seals `contents` (a bplist00 document) for collection `id`.
    package static func seal(_ contents: [UInt8], id: [UInt8], key: SecureBytes, random: RandomSource) throws
        -> [UInt8]
    {
        guard 4 + contents.count <= FormatLimits.maximumCollectionPlaintextBytes else {
            throw VaultError(
                .invalidArgument,
                "a collection holds \(contents.count) bytes; at most \(FormatLimits.maximumCollectionPlaintextBytes - 4)"
            )
        }
        var plain = [UInt8](repeating: 0, count: padme(4 + contents.count))
        defer { wipe(&plain) }
        withUnsafeBytes(of: UInt32(contents.count).littleEndian) { plain.replaceSubrange(0..<4, with: $0) }
        plain.replaceSubrange(4..<4 + contents.count, with: contents)
        return sealPlaintext(plain, id: id, key: key, salt: random.bytes(saltBytes))
    }

    /// Seals any plaintext `Q` (for ``seal(_:id:key:random:)``, and for fuzzing what
    /// follows the chunk tags).
    package static func sealPlaintext(_ plain: [UInt8], id: [UInt8], key: SecureBytes, salt: [UInt8]) -> [UInt8] {
        let stream = Self.stream(id: id, key: key, salt: salt, plaintextLength: plain.count)
        var sealed = salt
        sealed.reserveCapacity(saltBytes + plain.count + stream.chunkCount * FormatLimits.chunkTagBytes)
        var buffer = [UInt8](repeating: 0, count: chunkBytes + FormatLimits.chunkTagBytes)
        for chunk in 0..<stream.chunkCount {
            let range = chunk * chunkBytes..<min(plain.count, (chunk + 1) * chunkBytes)
            plain.withUnsafeBytes { p in
                buffer.withUnsafeMutableBytes { out in
                    stream.seal(UnsafeRawBufferPointer(rebasing: p[range]), into: out, chunk: chunk)
                }
            }
            sealed += buffer[0..<range.count + FormatLimits.chunkTagBytes]
        }
        return sealed
    }

    /// The contents (bplist00 bytes) of collection `id` sealed in `sealed`, after every chunk's
    /// tag, the length prefix, Padmé and the zero fill are checked. Throws a
    /// ``CollectionFailure`` saying what is wrong.
    package static func open(_ sealed: [UInt8], id: [UInt8], key: SecureBytes) throws -> [UInt8] {
        if let problem = lengthProblem(sealed.count) { throw CollectionFailure(problem) }
        let body = sealed.count - saltBytes
        let tag = FormatLimits.chunkTagBytes
        let full = chunkBytes + tag
        let chunkCount = (body + full - 1) / full
        let plaintextLength = body - chunkCount * tag
        let salt = Array(sealed[0..<saltBytes])
        let stream = Self.stream(id: id, key: key, salt: salt, plaintextLength: plaintextLength)
        var plain = [UInt8](repeating: 0, count: plaintextLength)
        defer { wipe(&plain) }
        for chunk in 0..<chunkCount {
            let start = saltBytes + chunk * full
            let end = min(sealed.count, start + full)
            let out = chunk * chunkBytes..<chunk * chunkBytes + (end - start - tag)
            do {
                try sealed.withUnsafeBytes { s in
                    try plain.withUnsafeMutableBytes { p in
                        try stream.open(
                            UnsafeRawBufferPointer(rebasing: s[start..<end]),
                            into: UnsafeMutableRawBufferPointer(rebasing: p[out]),
                            chunk: chunk)
                    }
                }
            } catch {
                throw CollectionFailure("chunk \(chunk) of \(chunkCount) failed authentication")
            }
        }
        guard plain.count >= 4 else { throw CollectionFailure("its plaintext is shorter than its length prefix") }
        let length = Int(UInt32(plain[0]) | UInt32(plain[1]) << 8 | UInt32(plain[2]) << 16 | UInt32(plain[3]) << 24)
        guard length >= 1, 4 + length <= plain.count else {
            throw CollectionFailure("its contents length \(length) does not fit its \(plain.count) plaintext bytes")
        }
        guard plain.count == padme(4 + length) else {
            throw CollectionFailure(
                "its plaintext is \(plain.count) bytes; \(4 + length) bytes pad to \(padme(4 + length))")
        }
        guard plain[(4 + length)...].allSatisfy({ $0 == 0 }) else {
            throw CollectionFailure("its padding is not all zero")
        }
        return Array(plain[4..<4 + length])
    }

    /// Why `length` bytes cannot be a sealed collection, or nil: a salt, then a chunk
    /// sequence (every chunk full but the last, which seals at least 5 bytes, Padmé's
    /// smallest result for a 1-byte contents) of at most the plaintext limit.
    static func lengthProblem(_ length: Int) -> String? {
        let body = length - saltBytes
        let tag = FormatLimits.chunkTagBytes
        let full = chunkBytes + tag
        guard body >= tag + 5 else { return "its \(length) bytes are too few for a salt and a chunk" }
        let chunkCount = (body + full - 1) / full
        guard body % full == 0 || body % full >= tag + 5,
            body - chunkCount * tag <= FormatLimits.maximumCollectionPlaintextBytes
        else { return "its \(body) sealed bytes are not a chunk sequence of at most 256 MiB" }
        return nil
    }

    static func stream(id: [UInt8], key: SecureBytes, salt: [UInt8], plaintextLength: Int) -> ChunkStream {
        let chunkKey = BLAKE2b.deriveKey(key: key, message: keyDomain + salt)
        let binding = BLAKE2b.hash(bindingDomain + id + salt)
        let chunks = max(1, (plaintextLength + chunkBytes - 1) / chunkBytes)
        return ChunkStream(key: chunkKey, binding: binding, chunkCount: chunks, fileRange: { _ in 0..<0 })
    }
}

/// Why a sealed collection was refused; the caller names the collection.
package struct CollectionFailure: Error {
    package let reason: String
    init(_ reason: String) { self.reason = reason }
}
