import Foundation
import PropertyList
import VaultCrypto

/// One test-kit vector (spec/FORMAT.md §9): `key: value` lines, a blank line, the file.
public struct TestVector: Equatable, Sendable {
    public var name: String
    public var expect: String
    public var passphrase: String?
    public var keyFile: [UInt8]?
    public var identity: [UInt8]?
    /// SHA-256 of the payload plaintext, for success vectors.
    public var payload: [UInt8]?
    public var comment: String
    public var bytes: [UInt8]

    public func serialized() -> [UInt8] {
        var text = "expect: \(expect)\n"
        if let passphrase { text += "passphrase: \(passphrase)\n" }
        if let keyFile { text += "key file: \(Self.hex(keyFile))\n" }
        if let identity { text += "identity: \(Self.hex(identity))\n" }
        if let payload { text += "payload: \(Self.hex(payload))\n" }
        text += "comment: \(comment)\n\n"
        return Array(text.utf8) + bytes
    }

    public static func parse(_ data: [UInt8], name: String) throws -> TestVector {
        var vector = TestVector(name: name, expect: "", comment: "", bytes: [])
        var at = 0
        while true {
            guard let end = data[at...].firstIndex(of: 0x0A) else {
                throw VaultIOError("\(name): no blank line before the file")
            }
            let line = String(decoding: data[at..<end], as: UTF8.self)
            at = end + 1
            if line.isEmpty { break }
            guard let colon = line.firstIndex(of: ":") else { throw VaultIOError("\(name): bad line \(line)") }
            let key = String(line[..<colon])
            let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            switch key {
            case "expect": vector.expect = value
            case "passphrase": vector.passphrase = value
            case "key file": vector.keyFile = unhex(value)
            case "identity": vector.identity = unhex(value)
            case "payload": vector.payload = unhex(value)
            case "comment": vector.comment = value
            default: throw VaultIOError("\(name): unknown line \(key)")
            }
        }
        vector.bytes = Array(data[at...])
        return vector
    }

    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    static func unhex(_ text: String) -> [UInt8] {
        var out = [UInt8]()
        var chars = Array(text.utf8)[...]
        while chars.count >= 2 {
            out.append(UInt8(String(decoding: chars.prefix(2), as: UTF8.self), radix: 16) ?? 0)
            chars = chars.dropFirst(2)
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

    /// Opens the vector as a reader would: the class it yields and, on success, the digest.
    public func run() -> (expect: String, payload: [UInt8]?) {
        do {
            let file = try VaultFile(bytes: bytes, name: name)
            let vault = try file.unlock(with: credentials)
            _ = try vault.verifyEverything()
            return ("success", try vault.plaintextDigest())
        } catch let error as VaultError {
            return (error.kind.rawValue, nil)
        } catch {
            return ("error: \(error)", nil)
        }
    }
}
