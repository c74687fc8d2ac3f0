import Foundation
import Synchronization

/// The date spellings notes apps write that ``ISODates`` does not read: Evernote's compact
/// `20200101T120000Z`, Google Keep HTML's `Jan 5, 2021, 10:32:15 AM`, front matter's
/// `2021-03-04 10:20:30` or `2021-03-04`. Zone-less dates are read as UTC.
enum NoteDates {
    static func parse(_ text: String) -> Date? {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, text.count <= 64 else { return nil }
        if let date = ISODates.parse(text) { return date }
        return formatters.withLock { f in
            for formatter in f.all { if let date = formatter.date(from: text) { return date } }
            return nil
        }
    }

    /// Microseconds since 1970 (Google Keep's `createdTimestampUsec`).
    static func microseconds(_ value: Int64?) -> Date? {
        guard let value, value > 0 else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(value) / 1_000_000)
    }

    private struct Formatters {
        let all: [DateFormatter] = [
            "yyyyMMdd'T'HHmmss'Z'", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd HH:mm", "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd",
            "MMM d, yyyy, h:mm:ss a", "MMM d, yyyy, h:mm a", "MMM d, yyyy h:mm:ss a",
            "EEEE, MMMM d, yyyy 'at' h:mm:ss a",
            "EEEE, MMMM d, yyyy 'at' h:mm a", "MMMM d, yyyy 'at' h:mm a",
        ].map {
            let f = DateFormatter()
            f.locale = Locale(identifier: "en_US_POSIX")
            f.timeZone = TimeZone(identifier: "UTC")
            f.dateFormat = $0
            return f
        }
    }

    private static let formatters = Mutex(Formatters())
}
