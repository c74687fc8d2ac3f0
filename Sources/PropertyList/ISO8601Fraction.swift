import Foundation

/// ISO 8601 with a fraction of a second, `YYYY-MM-DDTHH:MM:SS.fffZ`: the one date spelling of
/// every JSON Coffer writes (the lossless export's `$date`, `show --json`, …). Dates made by
/// `add` and `edit` carry a fraction; writing them as a number of seconds since 2001 was
/// correct but unreadable.
public enum ISO8601Fraction {
    /// The most fraction digits written or read: nanoseconds.
    public static let maximumFractionDigits = 9

    /// The shortest spelling that reads back as exactly `date`, or nil when none of up to
    /// nine fraction digits does (dates near 2001 hold finer fractions) or the year is
    /// outside 1–9999. Whole seconds have no fraction.
    public static func exact(_ date: Date) -> String? {
        let seconds = date.timeIntervalSinceReferenceDate
        guard let civil = CivilTime(secondsSinceReferenceDate: seconds) else { return nil }
        let whole = seconds.rounded(.down)
        if whole == seconds { return civil.iso8601 }
        for digits in 1...maximumFractionDigits {
            guard let fraction = fractionDigits(seconds - whole, count: digits),
                let read = Self.seconds(whole: whole, fraction: fraction), read == seconds
            else { continue }
            return String(civil.iso8601.dropLast()) + "." + fraction + "Z"
        }
        return nil
    }

    /// For display: the exact spelling, or the date to the nanosecond (rounded down) when
    /// there is none; nil only outside years 1–9999.
    public static func string(_ date: Date) -> String? {
        if let exact = exact(date) { return exact }
        let seconds = date.timeIntervalSinceReferenceDate
        guard let civil = CivilTime(secondsSinceReferenceDate: seconds) else { return nil }
        let nanoseconds = Int(((seconds - seconds.rounded(.down)) * 1e9).rounded(.down))
        let text = String(min(nanoseconds, 999_999_999))
        return String(civil.iso8601.dropLast()) + "." + String(repeating: "0", count: 9 - text.count) + text + "Z"
    }

    /// Parses `YYYY-MM-DDTHH:MM:SSZ` or `YYYY-MM-DDTHH:MM:SS.<1–9 digits>Z`.
    public static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count > 21, bytes[19] == UInt8(ascii: ".") else {
            return PropertyListDates.parse(utf8: bytes)
        }
        let fraction = bytes[20..<(bytes.count - 1)]
        guard bytes.last == UInt8(ascii: "Z"), fraction.count <= maximumFractionDigits,
            fraction.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let civil = CivilTime(iso8601: bytes[0..<19] + [UInt8(ascii: "Z")]),
            let seconds = seconds(
                whole: civil.secondsSinceReferenceDate, fraction: String(decoding: fraction, as: UTF8.self))
        else { return nil }
        return Date(timeIntervalSinceReferenceDate: seconds)
    }

    /// `whole` plus `0.<fraction>`, the one sum both the writer and the reader compute.
    private static func seconds(whole: Double, fraction: String) -> Double? {
        guard let part = Double("0." + fraction) else { return nil }
        return whole + part
    }

    private static func fractionDigits(_ fraction: Double, count: Int) -> String? {
        let text = String(format: "%.\(count)f", fraction)
        guard text.hasPrefix("0.") else { return nil }  // rounded up to 1.0
        return String(text.dropFirst(2))
    }
}
