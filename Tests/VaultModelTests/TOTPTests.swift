import Foundation
import Testing

@testable import VaultModel

/// One TOTP model: read from a URI or a bare secret, written with RFC 3986 percent-encoding,
/// invalid keys refused; importers store its rendering.
@Suite struct TOTPTests {
    @Test func roundTripsThroughItsURI() throws {
        let totp = try TOTP(
            secret: "jbsw y3dp-ehpk 3pxp", account: "ana@x.com", issuer: "Bank & Co", algorithm: .sha256, digits: 8,
            period: 60)
        #expect(totp.secret == "JBSWY3DPEHPK3PXP")
        let back = try TOTP(parsing: totp.uri)
        #expect(back == totp)
        // Defaults are left out of the URI and read back as defaults.
        let plain = try TOTP(secret: "JBSWY3DPEHPK3PXP", account: "ana")
        #expect(plain.uri == "otpauth://totp/ana?secret=JBSWY3DPEHPK3PXP")
        #expect(try TOTP(parsing: plain.uri) == plain)
        // A URI as other apps write it: issuer from the label when no parameter names it.
        let google = try TOTP(parsing: "otpauth://totp/Example:alice%40google.com?secret=JBSWY3DPEHPK3PXP")
        #expect(google.issuer == "Example" && google.account == "alice@google.com")
        #expect(google.algorithm == .sha1 && google.digits == 6 && google.period == 30)
    }

    @Test func labelAndIssuerArePercentEncoded() throws {
        let title = "Bank & Co: ana@x.com"
        let bare = try TOTP(parsing: "JBSWY3DPEHPK3PXP", account: title)
        #expect(bare.uri == "otpauth://totp/Bank%20%26%20Co%3A%20ana%40x.com?secret=JBSWY3DPEHPK3PXP")
        #expect(URLComponents(string: bare.uri) != nil)
        let back = try TOTP(parsing: bare.uri)
        #expect(back.account == title && back.issuer == nil)
        let issued = try TOTP(secret: "JBSWY3DPEHPK3PXP", account: "ana", issuer: "A&B=C?")
        #expect(issued.uri == "otpauth://totp/A%26B%3DC%3F:ana?secret=JBSWY3DPEHPK3PXP&issuer=A%26B%3DC%3F")
        #expect(try TOTP(parsing: issued.uri) == issued)
        // Non-ASCII goes as UTF-8 bytes.
        #expect(try TOTP(secret: "JBSWY3DP", account: "José").uri == "otpauth://totp/Jos%C3%A9?secret=JBSWY3DP")
    }

    @Test(arguments: [
        "",
        "not base32!",
        "ABC",  // 3 base32 characters end no byte string
        "otpauth://hotp/x?secret=JBSWY3DP&counter=1",
        "otpauth://totp/x?issuer=y",
        "otpauth://totp/x?secret=JBSWY3DP&digits=9",
        "otpauth://totp/x?secret=JBSWY3DP&digits=five",
        "otpauth://totp/x?secret=JBSWY3DP&algorithm=MD5",
        "otpauth://totp/x?secret=JBSWY3DP&period=0",
        "otpauth://totp/x?secret=JBSWY3DP&secret=GEZDGNBV",
        "otpauth://totp/bad%ZZ?secret=JBSWY3DP",
        "otpauth:totp/x?secret=JBSWY3DP",
    ])
    func invalidInputIsRefused(text: String) {
        #expect(throws: ModelError.self) { try TOTP(parsing: text, account: "a") }
    }

    /// What importers store: a bare secret becomes an encoded URI (the title no longer
    /// breaks it), a valid URI stays as written, and nothing is dropped.
    @Test func importersStoreTheModelsRendering() {
        #expect(
            TOTP.itemValue(" JBSW Y3DP ", account: "Bank & Co: ana@x.com")
                == "otpauth://totp/Bank%20%26%20Co%3A%20ana%40x.com?secret=JBSWY3DP")
        #expect(TOTP.itemValue("JBSWY3DP", account: "") == "otpauth://totp/import?secret=JBSWY3DP")
        let written = "otpauth://totp/GitHub:ana?secret=JBSWY3DPEHPK3PXP&image=https%3A%2F%2Fx"
        #expect(TOTP.itemValue(written, account: "t") == written)
        #expect(
            TOTP.itemValue("otpauth://totp/My Bank:ana?secret=JBSWY3DP", account: "t")
                == "otpauth://totp/My%20Bank:ana?secret=JBSWY3DP&issuer=My%20Bank")
        #expect(TOTP.itemValue("otpauth://hotp/x?secret=JBSWY3DP&counter=1", account: "t").hasPrefix("otpauth://hotp"))
        #expect(TOTP.itemValue("1234 5678!", account: "t") == "1234 5678!")
    }

    @Test func validationUsesTheModel() {
        #expect(
            VaultItem.otpauthProblem("otpauth://totp/x?secret=JBSWY3DP&digits=9") == "digits must be 6, 7 or 8, not 9")
        #expect(VaultItem.otpauthProblem("otpauth://totp/x?secret=JBSWY3DP") == nil)
        #expect(VaultItem.otpauthProblem("otpauth://hotp/x?secret=JBSWY3DP&counter=3") == nil)
    }
}
