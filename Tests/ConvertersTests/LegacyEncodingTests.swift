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
            // Hungarian: `ő` and `ű` are letters in Windows-1252 too (`õ`, `û`), with no symbol to tell.
            ("Jelszavak\nÜgyfélkapu: jelszó Tűzoltó1961!\nGmail: Őszibarack.61\n", .windowsCP1250, "Windows-1250"),
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
            // `û` and `õ` beside a grave accent are French or Portuguese, not Hungarian.
            "C'est sûr: Mûre-2023\nFlûte à bec\nsenha: Pão&Põe\n",
            "Cartões e senhas\nInformações: Leões1920\n",
            // Estonian writes `õ` and no `û`; French `û` and no `õ`, with or without a grave accent.
            "Swedbank: kasutaja tõnu, parool Kõik!Sõbrad9\nPõltsamaa\n",
            "Banque: Août2023 sûr\nmdp: Goût!Forêt-2023\n",
            // Icelandic: its letters are Windows-1252's (Windows-1250 would read `lykilorđ`, `Ţingvellir`).
            "Landsbankinn\nlykilorð: Þingvellir#22\nnetfang: gudrun@x.is\nlykilorð: Öxará-Ð1\nlykilorð: þorskur9\n",
        ] {
            let decoded = try Self.decoded(text, .windowsCP1252)
            #expect(decoded.encoding == "Windows-1252" && decoded.text == text, "\(text)")
        }
    }

    /// A classic Mac's file (CR line ends, Mac OS Roman) reads as Mac OS Roman; the same bytes
    /// with LF line ends, and a Windows-1252 file with CR line ends, stay Windows-1252.
    @Test func aClassicMacFileReadsAsMacRoman() throws {
        let text =
            "PASSWORD - Famiglia\rFastweb: utente gbianchi56  pwd  FastwebèLento\rè il PIN per entrare\rperché ça\r"
        let bytes = Array(text.unicodeScalars).map { scalar -> UInt8 in
            let high = TextDecoding.macRomanHigh.firstIndex(of: scalar).map { UInt8($0 + 0x80) }
            return scalar.isASCII ? UInt8(scalar.value) : high!
        }
        let decoded = try TextDecoding.decode(bytes, input: "n.txt")
        #expect(decoded.encoding == "Mac OS Roman" && decoded.text == text)
        let unix = bytes.map { $0 == 0x0D ? 0x0A : $0 }
        #expect(try TextDecoding.decode(unix, input: "n.txt").encoding == "Windows-1252")
        let western = try Self.decoded("Café crème\rmot de passe: Hiver«Froid»-2023\r", .windowsCP1252)
        #expect(western.encoding == "Windows-1252")
    }
}
