import Foundation
import PropertyList
import VaultCrypto
import VaultFormat

/// One test-kit vector (spec/FORMAT.md §9): `key: value` lines, a blank line, the file.
public struct TestVector: Sendable {
    public var name: String
    public var expect: String
    public var passphrase: String?
    public var keyFile: [UInt8]?
    public var identity: [UInt8]?
    /// SHA-256 of the payload plaintext, for success vectors.
    public var payload: [UInt8]?
    /// For 1.1 vectors: SHA-256 of the file a keyless repair gives (the file itself when
    /// there is nothing to repair), or nil with ``repairImpossible`` when it must refuse.
    public var repair: [UInt8]?
    public var repairImpossible = false
    /// For success vectors of vaults with private collections (§13): how many collections
    /// the key opens, and SHA-256 of their contents (each one's bplist00, in index order).
    public var collections: (count: Int, digest: [UInt8])?
    public var comment: String
    public var bytes: [UInt8]

    public func serialized() -> [UInt8] {
        var text = "expect: \(expect)\n"
        if let passphrase { text += "passphrase: \(passphrase)\n" }
        if let keyFile { text += "key file: \(Self.hex(keyFile))\n" }
        if let identity { text += "identity: \(Self.hex(identity))\n" }
        if let payload { text += "payload: \(Self.hex(payload))\n" }
        if let repair { text += "repair: \(Self.hex(repair))\n" }
        if repairImpossible { text += "repair: impossible\n" }
        if let collections { text += "collections: \(collections.count) \(Self.hex(collections.digest))\n" }
        text += "comment: \(comment)\n\n"
        return Array(text.utf8) + bytes
    }

    /// The `expect:` values a vector may carry: success and every failure class.
    public static let classes: Set<String> = Set(
        ["success"] + VaultError.Kind.allCases.filter(\.describesBytes).map(\.rawValue))

    /// Parses a vector strictly (spec/FORMAT.md §9): every line is `key: value` with exactly
    /// one space after the colon and the value taken to the LF as it is (so a passphrase may
    /// be empty or end in spaces); each key at most once; `expect:` required and known;
    /// `payload:` present exactly on success vectors; hex lowercase and of the right length.
    public static func parse(_ data: [UInt8], name: String) throws -> TestVector {
        func bad(_ why: String) -> TestVectorError { TestVectorError("\(name): \(why)") }
        var vector = TestVector(name: name, expect: "", comment: "", bytes: [])
        var seen = Set<String>()
        var at = 0
        var lineNumber = 0
        while true {
            lineNumber += 1
            guard let end = data[at...].firstIndex(of: 0x0A) else { throw bad("no blank line before the file") }
            let raw = data[at..<end]
            at = end + 1
            if raw.isEmpty { break }
            guard let line = String(validating: raw, as: UTF8.self), !line.contains("\r") else {
                throw bad("line \(lineNumber) is not UTF-8 text without CR")
            }
            guard let separator = line.range(of: ": ") else {
                throw bad("line \(lineNumber) is not \"key: value\": \(line)")
            }
            let key = String(line[..<separator.lowerBound])
            let value = String(line[separator.upperBound...])
            guard seen.insert(key).inserted else { throw bad("line \(lineNumber): \"\(key)\" repeated") }
            switch key {
            case "expect":
                guard classes.contains(value) else { throw bad("line \(lineNumber): unknown class \"\(value)\"") }
                vector.expect = value
            case "passphrase": vector.passphrase = value
            case "key file": vector.keyFile = try unhex(value, count: nil, line: lineNumber, name: name)
            case "identity": vector.identity = try unhex(value, count: 32, line: lineNumber, name: name)
            case "payload": vector.payload = try unhex(value, count: 32, line: lineNumber, name: name)
            case "repair":
                if value == "impossible" {
                    vector.repairImpossible = true
                } else {
                    vector.repair = try unhex(value, count: 32, line: lineNumber, name: name)
                }
            case "collections":
                let parts = value.split(separator: " ", omittingEmptySubsequences: false)
                guard parts.count == 2, let count = Int(parts[0]), count >= 0, String(count) == parts[0] else {
                    throw bad("line \(lineNumber): \"collections\" is a count and a digest")
                }
                vector.collections = (count, try unhex(String(parts[1]), count: 32, line: lineNumber, name: name))
            case "comment": vector.comment = value
            default: throw bad("line \(lineNumber): unknown key \"\(key)\"")
            }
        }
        guard seen.contains("expect") else { throw bad("no expect: line") }
        guard (vector.expect == "success") == (vector.payload != nil) else {
            throw bad("a payload: line belongs to success vectors, and only to them")
        }
        guard vector.collections == nil || vector.expect == "success" else {
            throw bad("a collections: line belongs to success vectors only")
        }
        vector.bytes = Array(data[at...])
        return vector
    }

    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    /// Lowercase hex, two digits per byte; `count` bytes when given.
    static func unhex(_ text: String, count: Int?, line: Int, name: String) throws -> [UInt8] {
        let digits = Array(text.utf8)
        let value: (UInt8) -> UInt8? = { c in
            switch c {
            case 0x30...0x39: c - 0x30
            case 0x61...0x66: c - 0x61 + 10
            default: nil
            }
        }
        var out = [UInt8]()
        var i = 0
        while i + 1 < digits.count, let high = value(digits[i]), let low = value(digits[i + 1]) {
            out.append(high << 4 | low)
            i += 2
        }
        guard i == digits.count, !digits.isEmpty, count.map({ out.count == $0 }) ?? true else {
            throw TestVectorError(
                "\(name): line \(line): expected \(count.map { "\($0) bytes of " } ?? "")lowercase hex, found \"\(text)\""
            )
        }
        return out
    }

    /// Credentials this vector names.
    public var credentials: Credentials {
        Credentials(
            passphrase: passphrase.map { p in Array(p.utf8).withUnsafeBytes { SecureBytes(copying: $0) } },
            keyFiles: keyFile.map { k in [k.withUnsafeBytes { SecureBytes(copying: $0) }] } ?? [],
            identities: identity.map { i in [i.withUnsafeBytes { SecureBytes(copying: $0) }] } ?? [])
    }

    /// Repairs the vector's file without a key (spec/FORMAT.md §11.5): the SHA-256 of the
    /// result (of the file itself when nothing needed repair), or nil when it was refused.
    public func runRepair() -> [UInt8]? {
        do {
            return SHA256.hash(try VaultRepair.repaired(bytes: bytes, name: name) ?? bytes)
        } catch {
            return nil
        }
    }

    /// Opens the vector as a reader would: the class it yields and, on success, the digest
    /// (and for a vault with collections, those the key opens, §13.7).
    public func run() -> (expect: String, payload: [UInt8]?, collections: (count: Int, digest: [UInt8])?) {
        do {
            let file = try VaultFile(bytes: bytes, name: name)
            let vault = try file.unlock(with: credentials)
            _ = try vault.verifyEverything()
            let collections = file.header.hasCollections ? try Self.collectionDigest(vault) : nil
            return ("success", try vault.plaintextDigest(), collections)
        } catch let error as VaultError {
            return (error.kind.rawValue, nil, nil)
        } catch {
            return ("error: \(error)", nil, nil)
        }
    }

    /// The collections `vault`'s key opens (checked in full), and SHA-256 of their contents.
    static func collectionDigest(_ vault: UnlockedVault) throws -> (count: Int, digest: [UInt8]) {
        let opened = try vault.openCollections()
        let table = try vault.collectionTable()!
        var all = [UInt8]()
        for collection in opened {
            let sealed = Array(table.entry(collection.id)!.sealed)
            all += try SealedCollection.open(sealed, id: collection.id, key: collection.key)
        }
        return (opened.count, SHA256.hash(all))
    }
}

/// A test-kit vector that breaks spec/FORMAT.md §9's syntax: the harness stops.
public struct TestVectorError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
