// Regenerates samples/testkit/ (run through scripts/gen-testkit). Deterministic: the same
// source always writes the same bytes, which a test checks.
import Foundation
import VaultTestKit

let directory = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "samples/testkit"
try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
for old in try FileManager.default.contentsOfDirectory(atPath: directory) where !old.hasSuffix(".md") {
    try FileManager.default.removeItem(atPath: directory + "/" + old)
}
var counts = [String: Int]()
for vector in try TestKitGenerator.vectors() {
    let outcome = vector.run()
    guard outcome.expect == vector.expect else {
        print("vector \(vector.name): expected \(vector.expect), the reader says \(outcome.expect)")
        exit(1)
    }
    try Data(vector.serialized()).write(to: URL(fileURLWithPath: directory + "/" + vector.name))
    counts[vector.expect, default: 0] += 1
}
print(
    "wrote \(counts.values.reduce(0, +)) vectors to \(directory): "
        + counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", "))
