/// Base64 (RFC 4648, standard alphabet, padded) for XML `<data>` and JSON `$data`.
/// Own implementation because Foundation's decoder either rejects the whitespace Apple's
/// writers put in `<data>` or, with `.ignoreUnknownCharacters`, silently skips garbage.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let decodeTable: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (i, c) in alphabet.enumerated() { table[Int(c)] = UInt8(i) }
        return table
    }()

    /// Appends the encoding of `bytes` to `out`, no line breaks.
    static func encode<C: Collection<UInt8>>(_ bytes: C, into out: inout [UInt8]) where C.Index == Int {
        var i = bytes.startIndex
        let end = bytes.endIndex
        out.reserveCapacity(out.count + (bytes.count + 2) / 3 * 4)
        while end - i >= 3 {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            out.append(alphabet[Int(n >> 18 & 63)])
            out.append(alphabet[Int(n >> 12 & 63)])
            out.append(alphabet[Int(n >> 6 & 63)])
            out.append(alphabet[Int(n & 63)])
            i += 3
        }
        if end - i == 2 {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8
            out.append(alphabet[Int(n >> 18 & 63)])
            out.append(alphabet[Int(n >> 12 & 63)])
            out.append(alphabet[Int(n >> 6 & 63)])
            out.append(UInt8(ascii: "="))
        } else if end - i == 1 {
            let n = UInt32(bytes[i]) << 16
            out.append(alphabet[Int(n >> 18 & 63)])
            out.append(alphabet[Int(n >> 12 & 63)])
            out.append(UInt8(ascii: "="))
            out.append(UInt8(ascii: "="))
        }
    }

    static func encode(_ bytes: [UInt8]) -> String {
        var out = [UInt8]()
        encode(bytes, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes, skipping ASCII whitespace (space, tab, CR, LF). Returns nil, with the index
    /// of the first offending byte, for any other character, bad padding or a wrong length.
    static func decode(_ text: some Collection<UInt8>) -> Result<[UInt8], DecodeFailure> {
        var out = [UInt8]()
        out.reserveCapacity(text.count / 4 * 3)
        var quad: UInt32 = 0
        var filled = 0
        var padding = 0
        var position = 0
        for c in text {
            defer { position += 1 }
            switch c {
            case 0x20, 0x09, 0x0A, 0x0D: continue
            case UInt8(ascii: "="):
                padding += 1
                guard padding <= 2, filled >= 2 else { return .failure(DecodeFailure(position: position)) }
                quad <<= 6
                filled += 1
            default:
                let v = decodeTable[Int(c)]
                guard v != 0xFF, padding == 0 else { return .failure(DecodeFailure(position: position)) }
                quad = quad << 6 | UInt32(v)
                filled += 1
            }
            if filled == 4 {
                out.append(UInt8(quad >> 16 & 0xFF))
                if padding < 2 { out.append(UInt8(quad >> 8 & 0xFF)) }
                if padding < 1 { out.append(UInt8(quad & 0xFF)) }
                quad = 0
                filled = 0
                if padding > 0 { padding = 3 }  // nothing but whitespace may follow
            }
        }
        guard filled == 0 else { return .failure(DecodeFailure(position: position)) }
        return .success(out)
    }

    struct DecodeFailure: Error {
        let position: Int
    }
}
