import ArgumentParser
import CofferKit
import Foundation

struct Salvage: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Recover every intact record and blob of a damaged vault into a new vault, and report what was lost.",
        discussion: examples("coffer salvage damaged.coffer -o recovered.coffer"))

    @Argument(help: "The damaged vault.") var damaged: String
    @Option(name: .shortAndLong, help: "The new vault to write.") var output: String
    @OptionGroup var keys: KeyOptions

    func run() throws {
        // What the recovery data can rebuild is rebuilt first (in memory; the damaged file is
        // left alone), so salvage loses only what lies in groups beyond repair.
        let repaired = try? VaultRepair.repaired(path: damaged, partial: true)
        let file = try reporting(damaged) {
            try repaired.map { try VaultFile(bytes: $0, name: damaged, allowLargeKDFMemory: keys.allowKdfMemory) }
                ?? VaultFile(path: damaged, allowLargeKDFMemory: keys.allowKdfMemory, forSalvage: true)
        }
        if repaired != nil { print("repaired damaged blocks from the recovery data before salvaging") }
        let vault = try reporting(damaged) { try file.unlock(with: keys.credentials()) }
        let (payload, report) = vault.salvage()
        for (index, range) in report.damagedChunks {
            print("damaged  chunk \(index) (bytes \(range.lowerBound)..<\(range.upperBound))")
        }
        if report.missingChunks > 0 { print("missing  \(report.missingChunks) chunk(s) at the end (file truncated)") }
        if report.indexLost {
            print("index    lost: record count unknown, blobs cannot be located")
            if file.header.hasCollections {
                print("collections  lost with the index: the vault's private collections were sealed in it")
            }
        }
        let expected = report.recordsExpected.map { " of \($0)" } ?? ""
        print(
            "records  \(report.recordsRecovered)\(expected) recovered"
                + (report.recordsExpected.map { ", \($0 - report.recordsRecovered) lost" } ?? ""))
        if report.indexLost {
            print("blobs    unknown: lost with the index")
        } else {
            print("blobs    \(report.blobsRecovered.count) recovered, \(report.blobsLost.count) lost")
        }
        for id in report.blobsLost { print("  lost blob \(id.map { String(format: "%02x", $0) }.joined())") }
        if report.collectionsCarried > 0 {
            print("collections  \(report.collectionsCarried) private collection(s) carried, sealed, from the index")
        }
        if report.lostEverything {
            try reporting(damaged) { throw VaultError(.payloadDamaged, "nothing could be recovered; no vault written") }
        }
        try reporting(output) { try VaultStore.writeSalvaged(payload, from: vault, to: output) }
        print("wrote \(output)")
    }
}
