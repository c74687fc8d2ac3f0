import ArgumentParser
import CofferKit
import Foundation

struct Analyze: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Report password health offline: reused, common, weak and missing passwords, http:// URLs, passwords unchanged for a year. Names items, never passwords.",
        discussion: examples("coffer analyze personal.coffer", "coffer analyze personal.coffer --json")
    )

    @Argument(help: "The vault.") var vault: String
    @Flag(help: "Print JSON instead of a table.") var json = false
    @OptionGroup var keys: KeyOptions

    func run() throws {
        // Only the keys the findings read (not notes, folders, fields or history).
        let items = try keys.readDocument(vault, itemKeys: PasswordHealth.itemKeys).items
        let health = PasswordHealth(items)
        func name(_ index: Int) -> String { "\(items[index].title) (\(items[index].id.recordString.prefix(8)))" }
        if json {
            let rows: [[String: String]] = health.findings.map {
                [
                    "problem": $0.problem.rawValue, "id": items[$0.item].id.recordString,
                    "title": items[$0.item].title, "detail": $0.detail,
                ]
            }
            let data = try JSONSerialization.data(withJSONObject: rows, options: [.prettyPrinted, .sortedKeys])
            print(TerminalSafeJSON.escape(String(decoding: data, as: UTF8.self)))
            return
        }
        if !health.findings.isEmpty {
            let rows =
                [["PROBLEM", "ITEM", "DETAIL"]]
                + health.findings.map { [$0.problem.rawValue, name($0.item), $0.detail] }
            let widths = (0..<2).map { column in rows.map { $0[column].count }.max() ?? 0 }
            for row in rows {
                print(
                    row[0].padding(toLength: widths[0], withPad: " ", startingAt: 0) + "  "
                        + row[1].padding(toLength: widths[1], withPad: " ", startingAt: 0) + "  " + row[2])
            }
            print("")
        }
        let counts = PasswordHealth.Problem.allCases.map { problem in
            "\(Set(health.findings.filter { $0.problem == problem }.map(\.item)).count) \(problem.rawValue)"
        }
        print("\(items.count) item(s): " + counts.joined(separator: ", "))
    }
}
