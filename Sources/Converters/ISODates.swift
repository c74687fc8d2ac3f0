import Foundation
import PropertyList
import Synchronization

/// ISO 8601 dates as exports write them. The common `YYYY-MM-DDTHH:MM:SSZ` goes through the
/// codec's fast path; other spellings through Foundation formatters made once (making one
/// per date cost more than parsing a 100,000-entry KeePass file), used under a lock: a
/// formatter is not safe to share between threads, and embedders may import on several.
enum ISODates {
    /// `…Z`, `…+02:00`, fractional seconds, KeePassX's zone-less `YYYY-MM-DDTHH:MM:SS`, the
    /// spreadsheet spelling `YYYY-MM-DD HH:MM:SS`, or a date alone (zone-less ones read as UTC).
    static func parse(_ text: String) -> Date? {
        if let date = PropertyListDates.parse(text) { return date }
        return formatters.withLock { f in
            f.internet.date(from: text) ?? f.fractional.date(from: text) ?? f.zoneless.date(from: text)
                ?? f.spaced.date(from: text) ?? f.dateOnly.date(from: text)
        }
    }

    /// Whole seconds, `YYYY-MM-DDTHH:MM:SSZ`.
    static func string(_ date: Date) -> String {
        PropertyListDates.format(date) ?? formatters.withLock { $0.internet.string(from: date) }
    }

    private struct Formatters {
        let internet = ISO8601DateFormatter()
        let fractional: ISO8601DateFormatter = {
            let f = ISO8601DateFormatter()
            f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            return f
        }()
        let zoneless: ISO8601DateFormatter = {
            let f = ISO8601DateFormatter()
            f.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate]
            return f
        }()
        let spaced: ISO8601DateFormatter = {
            let f = ISO8601DateFormatter()
            f.formatOptions = [
                .withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate,
                .withSpaceBetweenDateAndTime,
            ]
            return f
        }()
        let dateOnly: ISO8601DateFormatter = {
            let f = ISO8601DateFormatter()
            f.formatOptions = [.withFullDate, .withDashSeparatorInDate]
            return f
        }()
    }

    private static let formatters = Mutex(Formatters())
}
