import CofferKit
import Testing
import VaultTestKit

@Suite struct PasswordGeneratorTests {
    /// Every character of the alphabet comes up about equally often: 40,000 draws over 83
    /// characters, each count within 25 % of the mean (a modulo bias or a skipped
    /// character would break this).
    @Test func charactersAreDrawnUniformly() throws {
        var settings = GeneratorSettings()
        settings.length = 400
        let generator = try PasswordGenerator(settings)
        let random = DeterministicRandom(seed: Array(repeating: 7, count: 32))
        var counts = [Character: Int]()
        for _ in 0..<100 { for c in generator.generate(random: random) { counts[c, default: 0] += 1 } }
        let mean = 40_000.0 / Double(generator.alphabet.count)
        #expect(Set(counts.keys) == Set(generator.alphabet))
        #expect(counts.values.allSatisfy { abs(Double($0) - mean) < mean * 0.25 }, "\(counts)")
        #expect(generator.alphabet.count == 83 && Int(generator.entropyBits) == 2550)
    }

    @Test func lengthsOutsideTheRangeAreRefused() {
        var settings = GeneratorSettings()
        settings.length = 3
        #expect(throws: CofferKitError.self) { try PasswordGenerator(settings) }
    }
}
