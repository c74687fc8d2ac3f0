import Foundation
import TestSupport
import Testing

@testable import Converters

/// The notes reader's byte-level shortcuts give what the slow paths they skip would give.
@Suite struct NotesFastPathTests {
    @Test func punctuationIsTrimmedAsFoundationTrimsIt() {
        var random = SeededGenerator(seed: 41)  // a failure replays from its seed
        let ascii = (0x20...0x7E).map { Character(Unicode.Scalar(UInt8($0))) }
        for _ in 0..<5000 {
            let text = String(
                (0..<Int.random(in: 0...6, using: &random)).map { _ in ascii.randomElement(using: &random)! })
            #expect(
                NotesLabel.trimmingPunctuation(text) == text.trimmingCharacters(in: .punctuationCharacters), "\(text)")
        }
        for text in ["«same»", "¡hola!", "—", "é.", ""] {
            #expect(NotesLabel.trimmingPunctuation(text) == text.trimmingCharacters(in: .punctuationCharacters))
        }
    }

    @Test func aWordWithANulByteIsNoOtherWord() {
        #expect(NotesLabel.packedLowercase("\0see".utf8[...]) != NotesLabel.packedLowercase("see".utf8[...]))
        #expect(NotesLabel.packedLowercase("SeE".utf8[...]) == NotesLabel.packedLowercase("see".utf8[...]))
        let line = NotesLineClassifier.classify("Kindle \0see sa(x)me amazon", number: 1)
        #expect(NotesRecordAssembler.sharedLogin(line).map(\.name) == nil)
    }
}
