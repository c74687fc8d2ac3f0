import Foundation
import TestSupport
import Testing
import VaultTestKit

@testable import VaultFormat

/// Every vector in samples/testkit/ gives its expected class, and regenerating the kit
/// from its deterministic source reproduces every file byte for byte.
@Suite(.chunkEngineFromEnvironment) struct TestKitTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../samples/testkit").standardized

    static func shippedVectors() throws -> [TestVector] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { !$0.hasSuffix(".md") }.sorted().map
        {
            try TestVector.parse([UInt8](Data(contentsOf: directory.appendingPathComponent($0))), name: $0)
        }
    }

    @Test func everyVectorGivesItsExpectedClass() throws {
        let vectors = try Self.shippedVectors()
        #expect(vectors.count >= 60)
        #expect(vectors.filter { $0.repair != nil }.count >= 7 && vectors.contains(where: \.repairImpossible))
        let classes = Set(vectors.map(\.expect))
        #expect(
            classes.count == VaultError.Kind.allCases.filter(\.describesBytes).count + 1,
            "every failure class and success: \(classes.sorted())")
        for vector in vectors {
            let outcome = vector.run()
            #expect(outcome.expect == vector.expect, "\(vector.name)")
            if vector.expect == "success" {
                #expect(outcome.payload == vector.payload, "\(vector.name): payload digest")
                #expect(outcome.collections?.count == vector.collections?.count, "\(vector.name): collections")
                #expect(outcome.collections?.digest == vector.collections?.digest, "\(vector.name): collections")
            }
            if vector.repair != nil || vector.repairImpossible {
                #expect(vector.runRepair() == vector.repair, "\(vector.name): keyless repair")
            }
        }
    }

    @Test func regeneratingReproducesEveryVector() throws {
        let shipped = Dictionary(uniqueKeysWithValues: try Self.shippedVectors().map { ($0.name, $0.serialized()) })
        let generated = try TestKitGenerator.vectors()
        #expect(Set(generated.map(\.name)) == Set(shipped.keys))
        for vector in generated {
            #expect(vector.serialized() == shipped[vector.name], "\(vector.name) differs from samples/testkit")
        }
    }
}
