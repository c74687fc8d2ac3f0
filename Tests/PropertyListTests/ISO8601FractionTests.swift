import Foundation
import Testing

@testable import PropertyList

/// JSON dates are ISO 8601 with the shortest fraction that reads back exactly; only dates
/// no such fraction spells fall back to a number.
@Suite struct ISO8601FractionTests {
    @Test func addAndEditDatesBecomeISOText() throws {
        let date = Date(timeIntervalSinceReferenceDate: 817_040_670.38)
        #expect(ISO8601Fraction.exact(date) == "2026-11-22T11:44:30.38Z")
        let json = String(decoding: try JSONPropertyList.encode(.date(date), options: []), as: UTF8.self)
        #expect(json == #"{"$date":"2026-11-22T11:44:30.38Z"}"#)
        #expect(try JSONPropertyList.decode(Array(json.utf8)) == .date(date))
    }

    @Test func wholeSecondsHaveNoFraction() {
        #expect(ISO8601Fraction.exact(Date(timeIntervalSinceReferenceDate: 1)) == "2001-01-01T00:00:01Z")
    }

    @Test func everyFractionRoundTrips() throws {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let seconds = Double.random(in: 0..<2_000_000_000, using: &random)
            let date = Date(timeIntervalSinceReferenceDate: seconds)
            let bytes = try JSONPropertyList.encode(.date(date), options: [])
            #expect(try JSONPropertyList.decode(bytes) == .date(date), "\(seconds)")
            if let text = ISO8601Fraction.exact(date) { #expect(ISO8601Fraction.parse(text) == date) }
        }
    }

    @Test func datesNoFractionSpellsStayNumbers() throws {
        let date = Date(timeIntervalSinceReferenceDate: 1e-12)
        #expect(ISO8601Fraction.exact(date) == nil)
        #expect(
            String(decoding: try JSONPropertyList.encode(.date(date), options: []), as: UTF8.self)
                == #"{"$date":1e-12}"#)
        #expect(ISO8601Fraction.string(date) == "2001-01-01T00:00:00.000000000Z")
    }

    @Test func malformedFractionsAreRefused() {
        for text in [
            "2026-11-22T09:44:30.Z", "2026-11-22T09:44:30.1234567890Z", "2026-11-22T09:44:30.1xZ",
            "2026-11-22T09:44:30.5",
        ] {
            #expect(ISO8601Fraction.parse(text) == nil, "\(text)")
        }
    }
}
