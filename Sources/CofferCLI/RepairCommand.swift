import ArgumentParser
import CofferKit
import Foundation

/// `coffer repair`: restores damaged bytes of a 1.1 vault from its recovery trailer,
/// without a key (spec/FORMAT.md §11.5), like `par2 repair` for a file that carries its own
/// parity. The result must still pass the MAC and every AEAD tag to open, so a repair never
/// makes a tampered file open.
struct Repair: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Repair a damaged vault from its recovery data, without a key.",
        discussion: examples(
            "coffer repair damaged.coffer                  # in place; the damaged file is kept as damaged.coffer.bak",
            "coffer repair damaged.coffer -o fixed.coffer  # into a new file",
            "coffer repair personal.coffer --parity 3      # rewrite the recovery data with 3 parity blocks per group"))

    @Argument(help: "The vault to repair.") var vault: String
    @Option(name: .shortAndLong, help: "Write the repaired vault here (a new file) instead of in place.")
    var output: String?
    @Option(
        help: ArgumentHelp(
            "Parity blocks per group of 16 (1…16) to write; repairs that many damaged blocks per group.",
            valueName: "N"))
    var parity: Int?

    func validate() throws {
        if let parity, !(1...16).contains(parity) { throw ValidationError("--parity takes 1…16") }
    }

    func run() throws {
        let report = try reporting(vault) { try VaultRepair.repair(path: vault, output: output, parity: parity) }
        let before = report.before
        for finding in before.findings { print("damaged  \(finding)") }
        if !before.headerIntact { print("header   damaged; the trailer's footer located the recovery data") }
        guard let written = report.written else {
            print("ok       \(vault): nothing to repair (every block matches its checksum)")
            return
        }
        if report.rebuiltBlocks > 0 {
            print("rebuilt  \(report.rebuiltBlocks) block(s) from parity, each matching its checksum")
        }
        if output == nil, !before.isClean { print("kept     the damaged file as \(vault).bak") }
        print(
            "wrote    \(written) (parity \(report.parity) per group of 16; `coffer verify \(written)` with a key checks every item)"
        )
    }
}
