import CofferKit
import Foundation
import TestSupport
import Testing

/// TOTP codes equal oathtool's (the OATH Toolkit, an independent RFC 6238 implementation)
/// for every algorithm, digit count and a spread of periods and times. oathtool is a test
/// peer (scripts/lib/common.sh installs it): missing, the test fails instead of skipping.
@Suite struct TOTPCodeTests {
    static let secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"  // "12345678901234567890", RFC 6238's key

    /// oathtool's codes for `window + 1` consecutive time steps from `start`.
    static func oathtool(_ algorithm: TOTP.Algorithm, digits: Int, period: Int, start: Int64, window: Int)
        throws -> [String]?
    {
        guard let tool = ProcessRunner.path(of: "oathtool") else {
            Issue.record("oathtool is not installed; scripts/test installs it")
            return nil
        }
        let result = try ProcessRunner.run(
            tool,
            [
                "--totp=\(algorithm.rawValue.lowercased())", "-d", "\(digits)", "-s", "\(period)", "--now", "@\(start)",
                "-w", "\(window)", "--base32", secret,
            ])
        #expect(result.status == 0, "oathtool: \(result.stderr)")
        return String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    static let starts: [Int64] = {
        var generator = SeededGenerator(seed: 6238)
        return [0, 59, 1_111_111_109, 1_234_567_890, 2_000_000_000, 20_000_000_000]
            + (0..<6).map { _ in Int64.random(in: 0...4_102_444_800, using: &generator) }
    }()

    @Test(arguments: TOTP.Algorithm.allCases) func codesEqualOathtools(_ algorithm: TOTP.Algorithm) throws {
        for digits in TOTP.digitRange {
            for period in [30, 60, 1, 17, 86_400] {
                let totp = try TOTP(
                    secret: Self.secret, account: "a", algorithm: algorithm, digits: digits, period: period)
                for start in Self.starts {
                    guard
                        let expected = try Self.oathtool(
                            algorithm, digits: digits, period: period, start: start, window: 9)
                    else { return }
                    #expect(expected.count == 10)
                    let first = start / Int64(period)
                    let ours = try expected.indices.map { try totp.code(counter: UInt64(first) + UInt64($0)) }
                    #expect(ours == expected, "\(algorithm) \(digits) digits, \(period) s, from \(start)")
                    // The code at a time is the code of its step; seconds left count down to the step's end.
                    let now = try totp.code(at: Date(timeIntervalSince1970: TimeInterval(start)))
                    #expect(now.code == expected.first)
                    #expect(now.secondsLeft == period - Int(start % Int64(period)))
                }
            }
        }
    }

    /// RFC 6238 appendix B, for the record (oathtool agrees with it too).
    @Test func rfc6238Vectors() throws {
        let keys: [TOTP.Algorithm: String] = [
            .sha1: Self.secret, .sha256: "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZA",
            .sha512:
                "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNA",
        ]
        let vectors: [(Int64, [TOTP.Algorithm: String])] = [
            (59, [.sha1: "94287082", .sha256: "46119246", .sha512: "90693936"]),
            (1_111_111_109, [.sha1: "07081804", .sha256: "68084774", .sha512: "25091201"]),
            (20_000_000_000, [.sha1: "65353130", .sha256: "77737706", .sha512: "47863826"]),
        ]
        for (time, codes) in vectors {
            for (algorithm, code) in codes {
                let totp = try TOTP(secret: keys[algorithm]!, account: "a", algorithm: algorithm, digits: 8)
                #expect(try totp.code(at: Date(timeIntervalSince1970: TimeInterval(time))).code == code)
            }
        }
    }

    /// Steam Guard: the same truncated HMAC-SHA1 value written in Steam's alphabet. oathtool
    /// has no Steam mode, so its 8-digit code (the value mod 10^8) pins the value: exactly
    /// one of the ≤ 22 values with that remainder must give our 5 characters.
    @Test func steamCodesComeFromTheSameValueAsOathtools() throws {
        let steam = try TOTP(parsing: "steam://\(Self.secret)")
        #expect(steam.encoder == .steam && steam.digits == 5 && steam.issuer == "Steam")
        #expect(try TOTP(parsing: steam.uri) == steam)
        #expect(try TOTP(parsing: "otpauth://totp/Steam:ana?secret=\(Self.secret)&issuer=Steam").encoder == .steam)
        #expect(try TOTP(parsing: "otpauth://totp/x:ana?secret=\(Self.secret)&encoder=steam").encoder == .steam)
        for start in Self.starts {
            guard let decimal = try Self.oathtool(.sha1, digits: 8, period: 30, start: start, window: 4) else { return }
            for (i, code) in decimal.enumerated() {
                let characters = try steam.code(counter: UInt64(start / 30) + UInt64(i))
                #expect(characters.count == 5 && characters.allSatisfy(TOTP.steamAlphabet.contains))
                var steamValue = 0  // least significant character first
                for c in characters.reversed() { steamValue = steamValue * 26 + TOTP.steamAlphabet.firstIndex(of: c)! }
                let low = Int(code)!
                let candidates = (0...21).map { $0 * 100_000_000 + low }.filter { $0 < 1 << 31 }
                #expect(candidates.filter { $0 % 11_881_376 == steamValue }.count == 1, "\(characters) vs \(code)")
            }
        }
    }

    @Test func unusableKeysAreRefusedWithTheReason() {
        let cases = [
            ("otpauth://totp/a?secret=JBSWY3DP&digits=9", "digits must be 6, 7 or 8"),
            ("otpauth://totp/a?secret=JBSWY3DP&period=0", "period must be"),
            ("otpauth://totp/a?secret=JBSWY3DP&algorithm=MD5", "algorithm must be SHA1, SHA256 or SHA512"),
            ("not base32!", "the secret is not base32"),
            ("otpauth://totp/a?secret=JBSWY3DP&encoder=steam&algorithm=SHA256", "Steam Guard codes use SHA1"),
        ]
        for (text, reason) in cases {
            #expect(throws: ModelError.self) { try TOTP(parsing: text) }
            do { _ = try TOTP(parsing: text) } catch let error as ModelError {
                #expect(error.reason.contains(reason), "\(text): \(error.reason)")
            } catch {}
        }
    }
}
