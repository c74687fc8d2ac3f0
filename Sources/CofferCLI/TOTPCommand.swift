import ArgumentParser
import CofferKit
import Foundation

/// `coffer totp`: the item's current one-time code and the seconds it has left.
struct TOTPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "totp",
        abstract: "Print an item's current TOTP code and the seconds it has left (RFC 6238, Steam Guard).",
        discussion: itemSelectorHelp + """


            Examples:
              coffer totp v.coffer GitHub          # 492039 (17 s left)
              coffer totp v.coffer GitHub --json   # {"code": "492039", "secondsLeft": 17, …}
            """)

    @Argument(help: "The vault.") var vault: String
    @Argument(help: "The item: id, id prefix or title.", completion: ItemCompletion.items) var item: String
    @Flag(help: "Print JSON instead of a line.") var json = false
    @Option(help: "The code at this time instead of now: Unix seconds or ISO 8601 (to check a clock's skew).")
    var at: String?
    @OptionGroup var keys: KeyOptions

    func validate() throws { _ = try time() }

    func run() throws {
        let item = try keys.readItem(self.item, in: vault).item
        try TOTPView.print(item, json: json, at: try time())
    }

    func time() throws -> Date {
        guard let at else { return Date() }
        if let seconds = Int64(at), seconds >= 0 { return Date(timeIntervalSince1970: TimeInterval(seconds)) }
        if let date = ISO8601DateFormatter().date(from: at) { return date }
        throw ValidationError("--at wants Unix seconds or an ISO 8601 time like 2026-01-31T12:00:00Z, not \(at)")
    }
}

/// How `totp` and `show --totp` print a code.
enum TOTPView {
    /// The item's code now, or a failure that says why there is none.
    static func code(of item: VaultItem, at date: Date = Date()) throws -> (TOTP, TOTP.Code) {
        guard let text = item.totp, !text.isEmpty else {
            throw CofferFailure.invalidData("\(item.title): no TOTP key (add one with edit --totp-file)")
        }
        let totp: TOTP
        do { totp = try TOTP(parsing: text, account: item.title) } catch {
            throw CofferFailure.invalidData("\(item.title): the TOTP key cannot be used: \(error)")
        }
        return (totp, try kitReporting { try totp.code(at: date) })
    }

    static func print(_ item: VaultItem, json: Bool, at date: Date = Date()) throws {
        let (totp, code) = try code(of: item, at: date)
        if json {
            let object: [String: Any] = [
                "code": code.code, "secondsLeft": code.secondsLeft, "period": totp.period,
                "item": item.id.recordString, "title": item.title,
            ]
            let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
            CofferCLI.print(TerminalSafeJSON.escape(String(decoding: data, as: UTF8.self)))
        } else {
            CofferCLI.print("\(code.code) (\(code.secondsLeft) s left)")
        }
    }
}
