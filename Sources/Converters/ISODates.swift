import Foundation
import PropertyList

/// ISO 8601 dates as exports write them. The common `YYYY-MM-DDTHH:MM:SSZ` goes through the
/// codec's fast path; other spellings through Foundation formatters made once (making one
/// per date cost more than parsing a 100,000-entry KeePass file).
enum ISODates {
    /// `…Z`, `…+02:00`, fractional seconds, or KeePassX's zone-less `YYYY-MM-DDTHH:MM:SS` (read as UTC).
    static func parse(_ text: String) -> Date? {
        if let date = PropertyListDates.parse(text) { return date }
        return internet.date(from: text) ?? fractional.date(from: text) ?? zoneless.date(from: text)
    }

    /// Whole seconds, `YYYY-MM-DDTHH:MM:SSZ`.
    static func string(_ date: Date) -> String { PropertyListDates.format(date) ?? internet.string(from: date) }

    // Converters run on one thread at a time; the formatters are only read after creation.
    nonisolated(unsafe) static let internet = ISO8601DateFormatter()
    nonisolated(unsafe) static let fractional: ISO8601DateFormatter = {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return f
    }()
    nonisolated(unsafe) static let zoneless: ISO8601DateFormatter = {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate]
        return f
    }()
}
