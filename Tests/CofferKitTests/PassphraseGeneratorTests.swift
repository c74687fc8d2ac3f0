import CofferKit
import Foundation
import Testing
import VaultTestKit

/// A source that hands out the given 32-bit draws (big-endian), in order.
private final class ScriptedRandom: RandomSource, @unchecked Sendable {
    var draws: [UInt32]
    init(_ draws: [UInt32]) { self.draws = draws }
    func fill(_ buffer: UnsafeMutableRawBufferPointer) {
        precondition(buffer.count == 4 && !draws.isEmpty, "one 32-bit draw at a time")
        let draw = draws.removeFirst()
        for i in 0..<4 { buffer[i] = UInt8(truncatingIfNeeded: draw >> (24 - 8 * UInt32(i))) }
    }
}

@Suite struct PassphraseGeneratorTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func theWordListIsTheEFFLargeListWithItsAttribution() throws {
        let words = EFFWordList.words
        #expect(words.count == 7776 && Set(words).count == 7776)
        #expect(words.first == "abacus" && words.last == "zoom")
        #expect(words.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isLowercase || $0 == "-" } })
        #expect(EFFWordList.attribution.contains("Electronic Frontier Foundation"))
        #expect(EFFWordList.attribution.contains("https://www.eff.org/dice"))
        #expect(EFFWordList.attribution.contains("CC BY 3.0 US"))
        // The compiled-in words are the shipped file's, in its order (scripts/gen-wordlist).
        let file = try String(
            contentsOf: Self.repository.appendingPathComponent("samples/wordlists/eff_large_wordlist.txt"),
            encoding: .utf8)
        let lines = file.split(separator: "\n")
        #expect(lines.count == 7776)
        #expect(lines.map { String($0.split(separator: "\t").last ?? "") } == words)
        #expect(lines.first == "11111\tabacus" && lines.last == "66666\tzoom")
        let notice = try String(
            contentsOf: Self.repository.appendingPathComponent("samples/wordlists/ATTRIBUTION.md"), encoding: .utf8)
        #expect(notice.contains("CC BY 3.0 US") && notice.contains("https://www.eff.org/dice"))
    }

    @Test func passphrasesAreWordsOfTheListJoinedBySeparator() throws {
        let generator = try PassphraseGenerator(words: 6, separator: " ")
        let random = DeterministicRandom(seed: Array(repeating: 3, count: 32))
        let list = Set(EFFWordList.words)
        for _ in 0..<50 {
            let words = generator.generate(random: random).split(separator: " ").map(String.init)
            #expect(words.count == 6 && words.allSatisfy(list.contains))
        }
        #expect(abs(generator.entropyBits - 77.55) < 0.01)
        #expect(throws: CofferKitError.self) { try PassphraseGenerator(words: 2) }
        #expect(throws: CofferKitError.self) { try PassphraseGenerator(words: 6, separator: "\n") }
    }

    /// Every word comes up about equally often: 40,000 draws over a 5-word list.
    @Test func wordsAreDrawnUniformly() throws {
        let list = ["a", "b", "c", "d", "e"]
        let generator = try PassphraseGenerator(words: 40, separator: " ", list: list)
        let random = DeterministicRandom(seed: Array(repeating: 9, count: 32))
        var counts = [Substring: Int]()
        for _ in 0..<1000 {
            for w in generator.generate(random: random).split(separator: " ") { counts[w, default: 0] += 1 }
        }
        #expect(counts.count == 5)
        #expect(counts.values.allSatisfy { abs(Double($0) - 8000) < 400 }, "\(counts)")
    }

    /// A draw at or above the largest multiple of 7776 below 2³² is thrown away, not
    /// reduced modulo 7776 (which would favour the first 2560 words).
    @Test func drawsAboveTheLastFullRangeAreRejected() throws {
        let generator = try PassphraseGenerator(words: 3, separator: "/")
        let limit = UInt32((UInt64(1) << 32) - (UInt64(1) << 32) % 7776)
        let random = ScriptedRandom([UInt32.max, limit, 0, limit - 1, 7776 + 5])
        #expect(generator.generate(random: random) == "abacus/zoom/" + EFFWordList.words[5])
        #expect(random.draws.isEmpty)
    }

    @Test func pinsAreDigitsOfTheAskedLength() throws {
        let random = DeterministicRandom(seed: Array(repeating: 5, count: 32))
        var counts = [Character: Int]()
        for digits in [4, 6, 10] {
            let generator = try PINGenerator(digits: digits)
            for _ in 0..<500 {
                let pin = generator.generate(random: random)
                #expect(pin.count == digits && pin.allSatisfy { $0.isASCII && $0.isNumber })
                for c in pin { counts[c, default: 0] += 1 }
            }
        }
        #expect(counts.count == 10, "leading zeros included")
        let mean = Double(500 * 20) / 10
        #expect(counts.values.allSatisfy { abs(Double($0) - mean) < mean * 0.1 }, "\(counts)")
        #expect(throws: CofferKitError.self) { try PINGenerator(digits: 3) }
        #expect(try PINGenerator(digits: 4).generate(random: ScriptedRandom([0, 0, 9, 3])) == "0093")
    }
}
