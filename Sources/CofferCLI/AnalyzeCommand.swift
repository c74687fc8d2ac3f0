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
        let health = try keys.passwordHealth(vault)
        let subjects = health.subjects
        func name(_ index: Int) -> String { "\(subjects[index].title) (\(subjects[index].id.recordString.prefix(8)))" }
        if json {
            let rows: [[String: String]] = health.findings.map {
                [
                    "problem": $0.problem.rawValue, "id": subjects[$0.item].id.recordString,
                    "title": subjects[$0.item].title, "detail": $0.detail,
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
        print("\(subjects.count) item(s): " + counts.joined(separator: ", "))
    }
}
