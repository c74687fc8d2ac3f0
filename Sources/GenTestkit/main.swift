// Regenerates samples/testkit/ (run through scripts/gen-testkit). Deterministic: the same
// source always writes the same bytes, which a test checks.
import Foundation
import VaultTestKit

// `GenTestkit --payload-seeds DIR` writes instead the payload plaintexts of the vectors
// whose chunks authenticate: seeds for scripts/fuzz's vault-payload target.
if CommandLine.arguments.count > 2, CommandLine.arguments[1] == "--payload-seeds" {
    let seeds = CommandLine.arguments[2]
    try FileManager.default.createDirectory(atPath: seeds, withIntermediateDirectories: true)
    let all = try PayloadHarness.seeds()
    for seed in all {
        try Data(seed.plaintext).write(to: URL(fileURLWithPath: seeds + "/seed-" + seed.name))
    }
    print("wrote \(all.count) payload seeds to \(seeds)")
    exit(0)
}

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
