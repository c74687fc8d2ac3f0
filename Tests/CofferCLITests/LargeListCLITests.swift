import Foundation
import Testing

/// `list` and `list --json` over more rows than one slice: the table and the JSON are made on
/// every core, a slice of rows at a time, and written in pieces. The pieces must join into one
/// table whose columns line up across them, sorted, every row once.
@Suite struct LargeListCLITests {
    @Test func aLongTableAndItsJSONAreWholeSortedAndAligned() throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pw = ["COFFER_PASSPHRASE": "hunter2"]
        // Titles of many widths, some not ASCII, some past the 32 characters a cell shows
        // (columns are measured without making ASCII cells: the two ways must agree).
        let count = 5000
        func title(_ i: Int) -> String {
            let stem = [
                "Bank", "mail", "Zürich Wasser", "ünïcode", "a", "Git", "A very long title of an account past 32",
                "Ünïcödé títlé lönger thän thïrty-twö",
            ][i % 8]
            return stem + String(repeating: "x", count: (i * 7) % 12) + " \(i)"
        }
        func cell(_ i: Int) -> String { title(i).count > 32 ? title(i).prefix(31) + "…" : title(i) }
        var csv = "title,username,password,url\n"
        for i in 0..<count { csv += "\(title(i)),user\(i % 97)@example.com,pw-\(i),https://s\(i).example.com\n" }
        try csv.write(to: dir.appendingPathComponent("many.csv"), atomically: true, encoding: .utf8)
        var run = try CLITests.coffer(
            ["import", "many.csv", "-o", "v.coffer", "--kdf", "interactive"], environment: pw, in: dir)
        #expect(run.status == 0, "\(run.stderr)")

        run = try CLITests.coffer(["list", "v.coffer"], environment: pw, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == count + 1)
        let header = try #require(lines.first)
        let usernameColumn = try #require(header.range(of: "USERNAME")).lowerBound
        let at = header.distance(from: header.startIndex, to: usernameColumn)
        for line in lines.dropFirst() {
            let characters = Array(line)
            #expect(characters.count > at && String(characters[at..<at + 4]) == "user", "\(line)")
            #expect(characters[at - 2] == " " && characters[at - 1] == " ", "\(line)")
        }
        let titles = lines.dropFirst().map { String(Array($0)[16..<at]).trimmingCharacters(in: .whitespaces) }
        #expect(Set(titles) == Set((0..<count).map(cell)))
        #expect(titles.contains { $0.hasPrefix("Ünïcödé") && $0.hasSuffix("…") })
        #expect(titles.contains { $0.hasPrefix("A very long") && $0.hasSuffix("…") })

        run = try CLITests.coffer(["list", "v.coffer", "--json"], environment: pw, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let objects = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(objects.count == count)
        let jsonTitles = objects.compactMap { $0["title"] as? String }
        let jsonSorted = jsonTitles == jsonTitles.sorted { $0.lowercased() < $1.lowercased() }
        #expect(jsonSorted && jsonTitles.map { $0.count > 32 ? $0.prefix(31) + "…" : $0 } == titles)
    }
}
