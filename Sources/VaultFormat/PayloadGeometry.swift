/// How `payloadLength` ciphertext bytes split into STREAM chunks: every chunk but the last
/// holds 65,536 plaintext bytes (+16 tag); the last holds 0…65,536, and may be empty only
/// when it is the only chunk (the empty payload).
struct PayloadGeometry: Equatable {
    let chunkCount: Int
    let finalPlaintextBytes: Int

    var payloadLength: Int {
        (chunkCount - 1) * FormatLimits.chunkCiphertextBytes + finalPlaintextBytes + FormatLimits.chunkTagBytes
    }
    var plaintextLength: Int { (chunkCount - 1) * FormatLimits.chunkPlaintextBytes + finalPlaintextBytes }

    init?(payloadLength: UInt64) {
        guard payloadLength >= UInt64(FormatLimits.chunkTagBytes), payloadLength <= UInt64(Int.max / 2) else {
            return nil
        }
        let length = Int(payloadLength)
        let full = length / FormatLimits.chunkCiphertextBytes
        let rest = length % FormatLimits.chunkCiphertextBytes
        if rest == 0 {
            chunkCount = full
            finalPlaintextBytes = FormatLimits.chunkPlaintextBytes
        } else {
            guard rest >= FormatLimits.chunkTagBytes else { return nil }
            // An empty final chunk after full chunks is not allowed: the last full chunk is final.
            guard rest > FormatLimits.chunkTagBytes || full == 0 else { return nil }
            chunkCount = full + 1
            finalPlaintextBytes = rest - FormatLimits.chunkTagBytes
        }
    }

    init(plaintextLength: Int) {
        if plaintextLength == 0 {
            chunkCount = 1
            finalPlaintextBytes = 0
        } else {
            chunkCount = (plaintextLength + FormatLimits.chunkPlaintextBytes - 1) / FormatLimits.chunkPlaintextBytes
            finalPlaintextBytes = plaintextLength - (chunkCount - 1) * FormatLimits.chunkPlaintextBytes
        }
    }

    func plaintextBytes(ofChunk index: Int) -> Int {
        index == chunkCount - 1 ? finalPlaintextBytes : FormatLimits.chunkPlaintextBytes
    }

    /// Byte range of chunk `index` relative to the start of the payload.
    func ciphertextRange(ofChunk index: Int) -> Range<Int> {
        let start = index * FormatLimits.chunkCiphertextBytes
        return start..<start + plaintextBytes(ofChunk: index) + FormatLimits.chunkTagBytes
    }

    /// The STREAM nonce: 11-byte big-endian chunk counter, then 1 for the final chunk, else 0.
    static func nonce(chunk index: Int, isFinal: Bool) -> [UInt8] {
        var nonce = [UInt8](repeating: 0, count: 12)
        var counter = UInt64(index)
        for i in (3...10).reversed() {
            nonce[i] = UInt8(counter & 0xFF)
            counter >>= 8
        }
        nonce[11] = isFinal ? 1 : 0
        return nonce
    }
}
