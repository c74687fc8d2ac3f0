import Foundation
import TestSupport

@testable import PropertyList

/// What the values may contain, so one generator serves syntaxes with different reach.
struct ValueProfile {
    /// Control characters other than tab and newline, and carriage returns (XML cannot).
    var controlCharacters = true
    /// Dates with fractions or outside years 1–9999 (XML keeps whole seconds only).
    var anyDate = true
    var uids = true
    /// Integers ≥ 2^63.
    var hugeIntegers = true
    /// NaN (never equal to itself in peers' own comparisons).
    var nan = true
    /// -0.0 (plistlib deduplicates it with 0.0 in binary output).
    var negativeZero = true
    /// Whole-second dates are drawn from this range of seconds since 2001 (default: years
    /// 1–9999). libplist writes years below 1000 without zero padding, so its profile is narrower.
    var wholeSecondDates: Range<Int64> = -63_113_904_000..<252_423_993_600

    static let everything = ValueProfile()
    /// What python3 plistlib writes back unchanged.
    static let plistlib = ValueProfile(
        controlCharacters: false, anyDate: false, uids: false, hugeIntegers: true, nan: false, negativeZero: false)
    /// What Foundation's plutil and libplist carry exactly.
    static let conservative = ValueProfile(
        controlCharacters: false, anyDate: false, uids: false, hugeIntegers: false, nan: false, negativeZero: false,
        wholeSecondDates: -978_307_200..<3_155_760_000)  // 1970–2100
}

struct RandomValues {
    var rng: SeededGenerator
    let profile: ValueProfile

    init(seed: UInt64, profile: ValueProfile = .everything) {
        rng = SeededGenerator(seed: seed)
        self.profile = profile
    }

    mutating func value(depth: Int = 0) -> PropertyListValue {
        let containerWeight = depth < 4 ? 3 : 0
        switch Int.random(in: 0..<(9 + containerWeight), using: &rng) {
        case 0: return .string(string())
        case 1: return .integer(integer())
        case 2: return .real(real())
        case 3: return .bool(Bool.random(using: &rng))
        case 4:
            return .data(
                Data((0..<Int.random(in: 0...80, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }))
        case 5: return .date(date())
        case 6:
            return profile.uids
                ? .uid(Bool.random(using: &rng) ? UInt64.random(in: 0...300, using: &rng) : rng.next())
                : .string(string())
        case 7: return .string(["", "password", "user", "a"].randomElement(using: &rng)!)
        case 8: return .integer(PropertyListInteger(Int64.random(in: -2...300, using: &rng)))
        case 9: return .array((0..<Int.random(in: 0...6, using: &rng)).map { _ in value(depth: depth + 1) })
        default:
            var d = PropertyListDictionary()
            for _ in 0..<Int.random(in: 0...6, using: &rng) {
                d[string()] = value(depth: depth + 1)
            }
            return .dictionary(d)
        }
    }

    mutating func string() -> String {
        let pools: [[Unicode.Scalar]] = [
            Array("abcdefghijklmnopqrstuvwxyz0123456789 ".unicodeScalars),
            Array("&<>\"'$\\/{}[],:;=#%".unicodeScalars),
            Array("éüñçøßÆ€–—…“”✓→日本語中文한국어Ωπ".unicodeScalars),
            [Unicode.Scalar(0x1F600)!, Unicode.Scalar(0x1F469)!, Unicode.Scalar(0x200D)!, Unicode.Scalar(0x10FFFD)!],
            profile.controlCharacters
                ? [
                    Unicode.Scalar(0)!, Unicode.Scalar(1)!, Unicode.Scalar(0x1F)!, "\r", "\n", "\t",
                    Unicode.Scalar(0x7F)!,
                ]
                : ["\n", "\t", Unicode.Scalar(0x7F)!],
        ]
        let length = Int.random(in: 0...24, using: &rng)
        var s = String.UnicodeScalarView()
        let pool = pools.randomElement(using: &rng)!
        for _ in 0..<length {
            // Mostly from one pool, sometimes mixed.
            let from = Int.random(in: 0..<4, using: &rng) == 0 ? pools.randomElement(using: &rng)! : pool
            s.append(from.randomElement(using: &rng)!)
        }
        return String(s)
    }

    mutating func integer() -> PropertyListInteger {
        var extremes: [PropertyListInteger] = [
            PropertyListInteger(Int64.min), PropertyListInteger(Int64.max), PropertyListInteger(Int64(0)),
            PropertyListInteger(Int64(-1)), PropertyListInteger(Int64(255)), PropertyListInteger(Int64(256)),
            PropertyListInteger(Int64(65535)), PropertyListInteger(Int64(65536)),
            PropertyListInteger(Int64(UInt32.max)),
            PropertyListInteger(Int64(UInt32.max) + 1),
        ]
        if profile.hugeIntegers {
            extremes += [PropertyListInteger(UInt64.max), PropertyListInteger(UInt64(Int64.max) + 1)]
        }
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: return extremes.randomElement(using: &rng)!
        case 1: return PropertyListInteger(Int64.random(in: Int64.min...Int64.max, using: &rng))
        default: return PropertyListInteger(Int64.random(in: -100_000...100_000, using: &rng))
        }
    }

    mutating func real() -> Double {
        var specials: [Double] = [
            0, 1, -1, 0.1, 1e-5, 1e16, 1e15, .pi, .infinity, -.infinity, .ulpOfOne,
            .leastNonzeroMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 123456789012345680.0,
        ]
        if profile.nan { specials.append(.nan) }
        if profile.negativeZero { specials.append(-0.0) }
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: return specials.randomElement(using: &rng)!
        case 1:
            let r = Double(bitPattern: rng.next())
            return r.isNaN && !profile.nan ? 2.5 : r
        default: return Double(Int.random(in: -1_000_000...1_000_000, using: &rng)) / 64
        }
    }

    mutating func date() -> Date {
        if profile.anyDate, Bool.random(using: &rng) {
            return Date(timeIntervalSinceReferenceDate: Double.random(in: -1e12...1e12, using: &rng))
        }
        // Whole seconds in years 1–9999.
        return Date(timeIntervalSinceReferenceDate: Double(Int64.random(in: profile.wholeSecondDates, using: &rng)))
    }
}
