import ArgumentParser
import CofferKit
import Foundation

/// `coffer clip`: copies an item's password (or a field, or its TOTP code) to the clipboard
/// and clears it after a while, but only if it still holds what was copied.
struct Clip: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Copy an item's password, a field or its TOTP code to the clipboard; clear it after --timeout seconds.",
        discussion: itemSelectorHelp + """


            The value goes to wl-copy (Wayland), xclip or xsel (X11) on their standard input, \
            never on a command line. The command returns at once; a detached `coffer` process \
            waits out the timeout, reads the clipboard back and clears it only if it still holds \
            the copied value (it keeps only the value's SHA-256, not the value). --timeout 0 never clears.

            Examples:
              coffer clip v.coffer GitHub
              coffer clip v.coffer GitHub --totp --timeout 20
              coffer clip v.coffer 'Bank & Co' --field username --timeout 0
            """)

    @Argument(help: "The vault.") var vault: String
    @Argument(help: "The item: id, id prefix or title.", completion: ItemCompletion.items) var item: String
    @Option(help: "Copy this field instead of the password (as show --field names them).") var field: String?
    @Flag(help: "Copy the item's current TOTP code.") var totp = false
    @Option(help: "Seconds before the clipboard is cleared (0: never).") var timeout = 45
    @OptionGroup var keys: KeyOptions

    func validate() throws {
        if totp, field != nil { throw ValidationError("give --field or --totp, not both") }
        if timeout < 0 { throw ValidationError("--timeout is a number of seconds, 0 or more") }
    }

    func run() throws {
        // The tool first: without one, no key is asked for and the vault is not opened.
        let clipboard = try Clipboard.detect()
        let item = try keys.readItem(self.item, in: vault).item
        let what: String
        var value: [UInt8]
        if totp {
            value = Array(try TOTPView.code(of: item).1.code.utf8)
            what = "TOTP code"
        } else {
            let name = field ?? "password"
            guard let text = ItemView.value(of: name, in: item), !text.isEmpty else {
                throw CofferFailure.invalidData("\(item.title): no \(name)")
            }
            value = Array(text.utf8)
            what = name
        }
        defer { value.wipe() }
        try clipboard.copy(value)
        if timeout > 0 {
            try ClipboardClearer.start(after: timeout, digest: SHA256.hash(value))
            print("copied the \(what) of \"\(item.title)\"; clearing the clipboard in \(timeout) s")
        } else {
            print("copied the \(what) of \"\(item.title)\" (the clipboard will not be cleared)")
        }
    }
}

/// The detached process `clip` leaves behind: reads the value's SHA-256 (hex) from stdin,
/// sleeps, and clears the clipboard if it still holds a value of that digest. Hidden: only
/// `clip` starts it.
struct ClipClear: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clip-clear", abstract: "Internal: clears the clipboard for clip.", shouldDisplay: false)

    @Argument var seconds: Int

    func run() throws {
        setsid()  // its own session: the terminal closing (SIGHUP) does not stop it
        let line = readLine(strippingNewline: true) ?? ""
        var digest = [UInt8]()
        var index = line.startIndex
        while let next = line.index(index, offsetBy: 2, limitedBy: line.endIndex), index != line.endIndex {
            guard let byte = UInt8(line[index..<next], radix: 16) else { return }
            digest.append(byte)
            index = next
        }
        guard digest.count == 32 else { return }
        sleep(UInt32(clamping: seconds))
        guard let clipboard = try? Clipboard.detect(), var current = clipboard.paste() else { return }
        defer { current.wipe() }
        if SHA256.hash(current) == digest { try? clipboard.copy([]) }
    }
}
