import Foundation
import TestSupport
import Testing
import VaultModel

/// Item ids are read without Foundation's parser, and must accept and refuse exactly what it does.
@Suite struct RecordUUIDTests {
    @Test func readsWhatFoundationReadsAndRefusesWhatItRefuses() {
        var random = SeededGenerator(seed: 19)  // a failure replays from its seed
        for _ in 0..<500 {
            var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }
            let id = bytes.withUnsafeMutableBytes { UUID(uuid: $0.load(as: uuid_t.self)) }
            #expect(UUID(recordString: id.recordString) == id)
            #expect(UUID(recordString: id.uuidString.lowercased()) == id)
            // One character changed to something arbitrary: both parsers agree.
            var text = Array(id.uuidString)
            text[Int.random(in: 0..<36, using: &random)] = Character(
                Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &random)))
            let mutated = String(text)
            #expect(UUID(recordString: mutated) == UUID(uuidString: mutated), "\(mutated)")
        }
        // Every ASCII byte in a digit's place and in a dash's place (the digit test has no
        // branch, so its edges are checked one by one: '/', ':', '@', 'G', '`', 'g').
        let valid = Array("E621E1F8-C36C-495A-93FC-0C247A3E6E5F".utf8)
        for position in [0, 8, 35] {
            for byte in UInt8(0)...0x7F {
                var text = valid
                text[position] = byte
                let mutated = String(decoding: text, as: UTF8.self)
                #expect(UUID(recordString: mutated) == UUID(uuidString: mutated), "\(mutated)")
            }
        }
        for text in [
            "", "x", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F ", " E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
            "E621E1F8C36C495A93FC0C247A3E6E5F", "E621E1F8-C36C-495A-93FC-0C247A3E6E5",
            "é621E1F8-C36C-495A-93FC-0C247A3E6E5F",
            "{E621E1F8-C36C-495A-93FC-0C247A3E6E5F}",
        ] {
            #expect(UUID(recordString: text) == UUID(uuidString: text), "\(text)")
        }
    }
}
