/// A property-list integer: the whole Int64 range plus UInt64 values up to 2^64 − 1.
///
/// bplist00 stores values ≥ 2^63 as 16-byte integers; XML spells them in decimal. The
/// representation is canonical: a value that fits in Int64 is always stored as one, so
/// equal numbers compare equal however they were read.
public struct PropertyListInteger: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Two's-complement bits for values that fit in Int64, the plain value otherwise.
    private let bits: UInt64
    /// True only for values in 2^63 ... 2^64 − 1.
    public let isBeyondInt64: Bool

    public init(_ value: Int64) {
        bits = UInt64(bitPattern: value)
        isBeyondInt64 = false
    }

    public init(_ value: UInt64) {
        bits = value
        isBeyondInt64 = value > UInt64(Int64.max)
    }

    public init(_ value: Int) { self.init(Int64(value)) }

    /// The value as Int64, or nil when it is ≥ 2^63.
    public var int64Value: Int64? { isBeyondInt64 ? nil : Int64(bitPattern: bits) }

    /// The value as UInt64, or nil when it is negative.
    public var uint64Value: UInt64? {
        if isBeyondInt64 { return bits }
        let signed = Int64(bitPattern: bits)
        return signed < 0 ? nil : UInt64(signed)
    }

    public var isNegative: Bool { !isBeyondInt64 && Int64(bitPattern: bits) < 0 }

    public var description: String {
        isBeyondInt64 ? String(bits) : String(Int64(bitPattern: bits))
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        switch (lhs.isBeyondInt64, rhs.isBeyondInt64) {
        case (false, false): Int64(bitPattern: lhs.bits) < Int64(bitPattern: rhs.bits)
        case (true, true): lhs.bits < rhs.bits
        case (false, true): true
        case (true, false): false
        }
    }

    /// Parses a decimal or `0x` hexadecimal integer with optional sign, as XML plists and
    /// JSON spell them. Returns nil when malformed or outside −2^63 ... 2^64 − 1.
    public init?(parsing text: Substring.UTF8View) {
        var i = text.startIndex
        var negative = false
        if i < text.endIndex, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
            negative = text[i] == UInt8(ascii: "-")
            i = text.index(after: i)
        }
        var radix: UInt64 = 10
        let rest = text[i...]
        if rest.count > 2, rest.first == UInt8(ascii: "0"),
            rest.dropFirst().first == UInt8(ascii: "x") || rest.dropFirst().first == UInt8(ascii: "X")
        {
            radix = 16
            i = text.index(i, offsetBy: 2)
        }
        guard i < text.endIndex else { return nil }
        var magnitude: UInt64 = 0
        while i < text.endIndex {
            let c = text[i]
            let digit: UInt64
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = UInt64(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: digit = UInt64(c - UInt8(ascii: "A") + 10)
            default: return nil
            }
            let (m1, o1) = magnitude.multipliedReportingOverflow(by: radix)
            let (m2, o2) = m1.addingReportingOverflow(digit)
            if o1 || o2 { return nil }
            magnitude = m2
            i = text.index(after: i)
        }
        if negative {
            if magnitude == 0 {
                self.init(Int64(0))
                return
            }
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            self.init(Int64(bitPattern: 0 &- magnitude))
        } else {
            self.init(magnitude)
        }
    }
}
