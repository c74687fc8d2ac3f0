import Foundation
import TestSupport
import Testing

@testable import VaultCrypto

/// The payload's two ChaCha20-Poly1305 engines are one cipher: RFC 8439's answer from
/// both, the same bytes for any input, each opening the other's output, and both refusing
/// every forged byte without releasing plaintext.
@Suite(.chunkEngineFromEnvironment) struct ChunkEngineTests {
    typealias Engine = ChaCha20Poly1305.Engine

    static func seal(_ message: [UInt8], key: SecureBytes, nonce: [UInt8], ad: [UInt8], engine: Engine) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: message.count + ChaCha20Poly1305.tagBytes)
        message.withUnsafeBytes { m in
            out.withUnsafeMutableBytes {
                ChaCha20Poly1305.seal(m, into: $0, key: key, nonce: nonce, associatedData: ad, engine: engine)
            }
        }
        return out
    }

    /// The plaintext, or nil when refused — after checking a refusal left the output zeroed.
    static func open(_ sealed: [UInt8], key: SecureBytes, nonce: [UInt8], ad: [UInt8], engine: Engine) -> [UInt8]? {
        // Filled with a marker, so "nothing released" means "zeroed", not "never written".
        var out = [UInt8](repeating: 0xEE, count: sealed.count - ChaCha20Poly1305.tagBytes)
        do {
            try sealed.withUnsafeBytes { s in
                try out.withUnsafeMutableBytes {
                    try ChaCha20Poly1305.open(s, into: $0, key: key, nonce: nonce, associatedData: ad, engine: engine)
                }
            }
            return out
        } catch {
            #expect(error as? CryptoError == .authenticationFailed)
            #expect(
                out.allSatisfy { $0 == 0 || $0 == 0xEE }, "\(engine) left plaintext behind after refusing a chunk")
            return nil
        }
    }

    static func hex(_ text: String) -> [UInt8] {
        let digits = Array(text.filter(\.isHexDigit))
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16)! }
    }

    static func secure(_ bytes: [UInt8]) -> SecureBytes {
        bytes.withUnsafeBytes { SecureBytes(copying: $0) }
    }

    /// scripts/test runs the container tests a second time with COFFER_CHUNK_ENGINE=libsodium;
    /// the suite's trait passes that on, since the library reads no environment. `select`
    /// is the one switch (one test, so nothing else here sees the switch mid-way).
    @Test func openSSLIsTheDefaultUnlessLibsodiumIsSelected() {
        #expect(OpenSSLChaCha20Poly1305.passesSelfTest, "libcrypto missing or disagreeing with libsodium")
        guard let requested = ChunkEngineFromEnvironment.requested else {
            #expect(ChaCha20Poly1305.engine == .openssl)
            // Only in the default run: the libsodium run must not see OpenSSL even briefly.
            ChaCha20Poly1305.select(.libsodium)
            #expect(ChaCha20Poly1305.engine == .libsodium)
            ChaCha20Poly1305.select(.openssl)
            #expect(ChaCha20Poly1305.engine == .openssl)
            return
        }
        #expect(ChaCha20Poly1305.engine == requested)
    }

    /// RFC 8439 section 2.8.2.
    @Test(arguments: Engine.allCases) func rfc8439Vector(engine: Engine) {
        let key = Self.secure(Array(0x80...0x9F))
        let nonce = Self.hex("07000000 40414243 44454647")
        let ad = Self.hex("50515253 c0c1c2c3 c4c5c6c7")
        let message = Array(
            ("Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, "
                + "sunscreen would be it.").utf8)
        let expected = Self.hex(
            """
            d31a8d34648e60db7b86afbc53ef7ec2 a4aded51296e08fea9e2b5a736ee62d6
            3dbea45e8ca9671282fafb69da92728b 1a71de0a9e060b2905d6a5b67ecd3b36
            92ddbd7f2d778b8c9803aee328091b58 fab324e4fad675945585808b4831d7bc
            3ff4def08e4b7a9de576d26586cec64b 6116
            1ae10b594f09e26a7e902ecbd0600691
            """)
        let sealed = Self.seal(message, key: key, nonce: nonce, ad: ad, engine: engine)
        #expect(sealed == expected)
        #expect(Self.open(expected, key: key, nonce: nonce, ad: ad, engine: engine) == message)
    }

    @Test func enginesAgreeOnRandomInputsAndRefuseForgeries() {
        var random = SeededGenerator(seed: 0xC0FFE2)
        let lengths =
            [0, 1, 15, 16, 63, 64, 65, 255, 256, 1000, 4097, 65_535, 65_536]
            + (0..<20).map { _ in Int.random(in: 0...65_536, using: &random) }
        for length in lengths {
            let message = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            let key = Self.secure((0..<32).map { _ in UInt8.random(in: 0...255, using: &random) })
            let nonce = (0..<12).map { _ in UInt8.random(in: 0...255, using: &random) }
            let ad = (0..<Int.random(in: 0...80, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let bySodium = Self.seal(message, key: key, nonce: nonce, ad: ad, engine: .libsodium)
            let byOpenSSL = Self.seal(message, key: key, nonce: nonce, ad: ad, engine: .openssl)
            #expect(bySodium == byOpenSSL, "length \(length)")
            for engine in Engine.allCases {
                #expect(Self.open(byOpenSSL, key: key, nonce: nonce, ad: ad, engine: engine) == message)
                // A flipped bit in the ciphertext, in the tag, in the associated data or the
                // nonce: each refused.
                var forged = bySodium
                let position = Int.random(in: 0..<forged.count, using: &random)
                forged[position] ^= 1 << UInt8.random(in: 0...7, using: &random)
                #expect(Self.open(forged, key: key, nonce: nonce, ad: ad, engine: engine) == nil)
                var otherNonce = nonce
                otherNonce[11] ^= 0x80
                #expect(Self.open(bySodium, key: key, nonce: otherNonce, ad: ad, engine: engine) == nil)
                #expect(Self.open(bySodium, key: key, nonce: nonce, ad: ad + [0], engine: engine) == nil)
            }
        }
    }
}
