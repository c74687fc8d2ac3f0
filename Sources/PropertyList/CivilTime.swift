import Foundation

/// Conversion between seconds since 2001-01-01T00:00:00Z (the plist epoch) and UTC civil
/// time in the proleptic Gregorian calendar, without Foundation's Calendar (slow, and
/// locale-dependent in edge cases). Days-from-civil after H. Hinnant's public algorithm.
struct CivilTime: Equatable {
    var year: Int
    var month: Int
    var day: Int
    var hour: Int
    var minute: Int
    var second: Int

    /// Days from 1970-01-01 to 2001-01-01.
    private static let epochOffsetDays = 11_323

    /// Seconds of 0001-01-01T00:00:00Z and 10000-01-01T00:00:00Z: the years a four-digit
    /// field (and python's datetime) can spell.
    static let representableSeconds: Range<Double> = -63_113_904_000..<252_423_993_600

    /// Whole seconds are kept; the fraction is dropped (rounded toward −∞), as Apple's XML
    /// writer and plistlib do. Nil outside years 1–9999.
    init?(secondsSinceReferenceDate seconds: Double) {
        guard Self.representableSeconds.contains(seconds) else { return nil }
        let whole = Int(seconds.rounded(.down))
        let days = Self.floorDiv(whole, 86_400)
        let secondOfDay = whole - days * 86_400
        (year, month, day) = Self.civil(fromDays: days + Self.epochOffsetDays)
        hour = secondOfDay / 3600
        minute = secondOfDay / 60 % 60
        second = secondOfDay % 60
    }

    init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        (self.year, self.month, self.day) = (year, month, day)
        (self.hour, self.minute, self.second) = (hour, minute, second)
    }

    var secondsSinceReferenceDate: Double {
        let days = Self.days(fromCivil: year, month, day) - Self.epochOffsetDays
        return Double(days * 86_400 + hour * 3600 + minute * 60 + second)
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`, the only date spelling Apple's XML format has.
    var iso8601: String {
        func pad(_ v: Int, _ width: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))Z"
    }

    /// Parses exactly `YYYY-MM-DDTHH:MM:SSZ` (four-digit year, fields in range).
    init?(iso8601 text: some Collection<UInt8>) {
        let b = Array(text)
        guard b.count == 20, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T"),
            b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"), b[19] == UInt8(ascii: "Z")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var v = 0
            for i in range {
                guard b[i] >= UInt8(ascii: "0"), b[i] <= UInt8(ascii: "9") else { return nil }
                v = v * 10 + Int(b[i] - UInt8(ascii: "0"))
            }
            return v
        }
        guard let y = number(0..<4), y >= 1, let mo = number(5..<7), let d = number(8..<10),
            let h = number(11..<13), let mi = number(14..<16), let s = number(17..<19),
            (1...12).contains(mo), d >= 1, d <= Self.daysInMonth(y, mo), h < 24, mi < 60, s < 60
        else { return nil }
        self.init(year: y, month: mo, day: d, hour: h, minute: mi, second: s)
    }

    static func daysInMonth(_ year: Int, _ month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func floorDiv(_ a: Int, _ b: Int) -> Int {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    private static func days(fromCivil year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = floorDiv(y, 400)
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    private static func civil(fromDays z0: Int) -> (Int, Int, Int) {
        let z = z0 + 719_468
        let era = floorDiv(z, 146_097)
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}

/// `YYYY-MM-DDTHH:MM:SSZ` dates for other modules (importers meet millions of them; Foundation's
/// ISO8601DateFormatter is slow and opens time-zone files).
public enum PropertyListDates {
    /// Parses exactly `YYYY-MM-DDTHH:MM:SSZ`; nil for anything else.
    public static func parse(_ text: String) -> Date? {
        guard let civil = CivilTime(iso8601: text.utf8) else { return nil }
        return Date(timeIntervalSinceReferenceDate: civil.secondsSinceReferenceDate)
    }

    /// The same, from UTF-8 bytes (importers that never make a String for a date).
    public static func parse(utf8 bytes: some Collection<UInt8>) -> Date? {
        guard let civil = CivilTime(iso8601: bytes) else { return nil }
        return Date(timeIntervalSinceReferenceDate: civil.secondsSinceReferenceDate)
    }

    /// Formats whole seconds as `YYYY-MM-DDTHH:MM:SSZ` (years 1–9999), nil outside them.
    public static func format(_ date: Date) -> String? {
        CivilTime(secondsSinceReferenceDate: date.timeIntervalSinceReferenceDate)?.iso8601
    }
}
