/// How `payloadLength` ciphertext bytes split into STREAM chunks: every chunk but the last
/// holds 65,536 plaintext bytes (+16 tag); the last holds 8…65,536, since every chunk's
/// plaintext starts with its 8-byte frame. Any other length is a header failure.
package struct PayloadGeometry: Equatable {
    package let chunkCount: Int
    let finalPlaintextBytes: Int

    package var payloadLength: Int {
        (chunkCount - 1) * FormatLimits.chunkCiphertextBytes + finalPlaintextBytes + FormatLimits.chunkTagBytes
    }
    var plaintextLength: Int { (chunkCount - 1) * FormatLimits.chunkPlaintextBytes + finalPlaintextBytes }

    package init?(payloadLength: UInt64) {
        let smallestChunk = FormatLimits.frameHeaderBytes + FormatLimits.chunkTagBytes
        guard payloadLength >= UInt64(smallestChunk), payloadLength <= UInt64(Int.max / 2) else { return nil }
        let length = Int(payloadLength)
        let full = length / FormatLimits.chunkCiphertextBytes
        let rest = length % FormatLimits.chunkCiphertextBytes
        if rest == 0 {
            chunkCount = full
            finalPlaintextBytes = FormatLimits.chunkPlaintextBytes
        } else {
            guard rest >= smallestChunk else { return nil }
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
    package func ciphertextRange(ofChunk index: Int) -> Range<Int> {
        let start = index * FormatLimits.chunkCiphertextBytes
        return start..<start + plaintextBytes(ofChunk: index) + FormatLimits.chunkTagBytes
    }
}
