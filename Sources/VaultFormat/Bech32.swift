/// Bech32 (BIP 173), as age writes its X25519 keys: `age1…` recipients and
/// `AGE-SECRET-KEY-1…` identities. age lifts BIP 173's 90-character limit; so does this.
enum Bech32 {
    private static let alphabet = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l".utf8)
    private static let generator: [UInt32] = [0x3b6a_57b2, 0x2650_8e6d, 0x1ea1_19fa, 0x3d42_33dd, 0x2a14_62b3]

    private static func polymod(_ values: [UInt8]) -> UInt32 {
        var check: UInt32 = 1
        for value in values {
            let top = check >> 25
            check = (check & 0x1ff_ffff) << 5 ^ UInt32(value)
            for i in 0..<5 where (top >> i) & 1 == 1 { check ^= generator[i] }
        }
        return check
    }

    private static func expand(_ hrp: [UInt8]) -> [UInt8] {
        hrp.map { $0 >> 5 } + [0] + hrp.map { $0 & 31 }
    }

    /// Regroups bits (8 → 5 to encode, 5 → 8 to decode); nil for non-zero padding.
    private static func regroup(_ data: [UInt8], from: Int, to: Int, pad: Bool) -> [UInt8]? {
        var accumulator = 0
        var bits = 0
        var out = [UInt8]()
        let mask = (1 << to) - 1
        for value in data {
            accumulator = accumulator << from | Int(value)
            bits += from
            while bits >= to {
                bits -= to
                out.append(UInt8(accumulator >> bits & mask))
            }
        }
        if pad {
            if bits > 0 { out.append(UInt8(accumulator << (to - bits) & mask)) }
        } else if bits >= from || accumulator << (to - bits) & mask != 0 {
            return nil
        }
        return out
    }

    /// Lowercase bech32 of `data` under the human-readable part `hrp`.
    static func encode(hrp: String, data: [UInt8]) -> String {
        let hrpBytes = Array(hrp.lowercased().utf8)
        let values = regroup(data, from: 8, to: 5, pad: true)!
        let check = polymod(expand(hrpBytes) + values + [0, 0, 0, 0, 0, 0]) ^ 1
        let checksum = (0..<6).map { UInt8(check >> (5 * (5 - $0)) & 31) }
        return hrp.lowercased() + "1" + String(decoding: (values + checksum).map { alphabet[Int($0)] }, as: UTF8.self)
    }

    /// (hrp in lowercase, data), or nil when `text` is not valid bech32 (mixed case, a bad
    /// character, a bad checksum or padding).
    static func decode(_ text: String) -> (hrp: String, data: [UInt8])? {
        let bytes = Array(text.utf8)
        guard bytes.allSatisfy({ $0 >= 33 && $0 <= 126 }),
            text.lowercased() == text || text.uppercased() == text,
            let separator = bytes.lastIndex(of: UInt8(ascii: "1")),
            separator >= 1, bytes.count - separator > 6
        else { return nil }
        let lower = Array(text.lowercased().utf8)
        let hrp = Array(lower[..<separator])
        var values = [UInt8]()
        for character in lower[(separator + 1)...] {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            values.append(UInt8(value))
        }
        guard polymod(expand(hrp) + values) == 1,
            let data = regroup(Array(values.dropLast(6)), from: 5, to: 8, pad: false)
        else { return nil }
        return (String(decoding: hrp, as: UTF8.self), data)
    }
}
