import Foundation
import Testing

@testable import Converters

/// Text that is not UTF-8 is read in the 8-bit code page its letters read best in, and stays
/// Windows-1252 unless another is clearly better.
@Suite struct LegacyEncodingTests {
    static func decoded(_ text: String, _ encoding: String.Encoding) throws -> TextDecoding.Decoded {
        let bytes = try #require(text.data(using: encoding))
        return try TextDecoding.decode(Array(bytes), input: "n.txt")
    }

    @Test func centralEuropeanCyrillicAndGreekNotesReadInTheirCodePage() throws {
        for (text, encoding, name) in [
            ("HASŁA - WAŻNE\nhasło: Gąbka.Łódź75\nPoczta: Wisła1975\n", String.Encoding.isoLatin2, "ISO-8859-2"),
            ("Hasła do kont\nhasło: Żubr2019!\nużytkownik: ania\n", .windowsCP1250, "Windows-1250"),
            ("Пароли\nпочта: логин ivan, пароль Зима2020\n", .windowsCP1251, "Windows-1251"),
            ("Κωδικοί\nκωδικός: Ήλιος2021\nχρήστης: maria\n", .windowsCP1253, "Windows-1253"),
        ] {
            let decoded = try Self.decoded(text, encoding)
            #expect(decoded.encoding == name && decoded.text == text, "\(name): \(decoded.encoding)")
            #expect(decoded.warnings.first?.contains("read as \(name)") == true)
        }
    }

    @Test func westernTextStaysWindows1252() throws {
        for text in [
            "Krankenkasse: Aok«Gesund»58\nPasswörter für die Familie\n",
            "Mots de passe\nHydro-Québec : Hiver«Froid»-2023\nCafé crème\n",
            "Shopping list £5 and £10\nsenha: informações\n",
            // Icelandic: its letters are Windows-1252's (Windows-1250 would read `lykilorđ`, `Ţingvellir`).
            "Landsbankinn\nlykilorð: Þingvellir#22\nnetfang: gudrun@x.is\nlykilorð: Öxará-Ð1\nlykilorð: þorskur9\n",
        ] {
            let decoded = try Self.decoded(text, .windowsCP1252)
            #expect(decoded.encoding == "Windows-1252" && decoded.text == text, "\(text)")
        }
    }
}
