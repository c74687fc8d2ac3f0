import Dispatch
import Foundation

/// Encodes a long top-level array on every core, to exactly the bytes one writer going in
/// order makes (``BinaryPropertyListWriter/encodeInOrder(_:sortKeys:)``).
///
/// The array is cut into one run of elements per core, and each run is numbered by a writer
/// of its own, as if it were the whole document. The first part's numbers are the document's
/// (it also holds the root, object 0). A later part's string or scalar that an earlier part
/// already has is written once, by the earliest part that has it: each part looks its
/// distinct strings and scalars up in the earlier parts' tables, all parts at once. Then,
/// going through the parts in order, every other object takes the next number of the
/// document; so objects stay in the order a writer in order numbers them (pre-order, keys
/// before values, first occurrences only). Each part finally writes its own objects into its
/// own span of one buffer.
///
/// Numbering was the encoder's cost: a table of 600,000 distinct strings misses the cache on
/// nearly every insert, and two tables of half the size on two cores take half the time.
/// When any part fails (nesting too deep), nothing is returned, and the writer in order
/// encodes the document and names the error as before.
enum BinaryPropertyListPartedWriter {
    /// Below this many elements the array is written in order: the parts' set-up and lookups
    /// would cost more than they save.
    static let partsMinimumElements = 4_096

    /// The bytes of `.array(elements)`, or nil when they are written in order (a short array,
    /// one core, or a part that failed).
    static func encode(_ elements: [PropertyListValue], sortKeys: Bool) -> [UInt8]? {
        // The count first: a vault's records, small documents, never ask for the cores.
        guard elements.count >= partsMinimumElements else { return nil }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard cores > 1 else { return nil }
        return encode(elements, sortKeys: sortKeys, parts: min(cores, 16))
    }

    /// ``encode(_:sortKeys:)`` in `parts` parts, whatever the cores (tests run 2, 3 and 5).
    static func encode(_ elements: [PropertyListValue], sortKeys: Bool, parts: Int) -> [UInt8]? {
        precondition(parts >= 2 && elements.count >= parts, "parts need elements")
        let seed = StringInterningTable.randomSeed()
        let numbered = eachPart(parts) { part in
            let range = elements.count * part / parts..<elements.count * (part + 1) / parts
            return try? number(elements, range, isFirst: part == 0, sortKeys: sortKeys, seed: seed)
        }
        guard numbered.allSatisfy({ $0 != nil }) else { return nil }
        var writers = numbered.map { $0!.0 }
        let topReferences = numbered.map { $0!.1 }
        // Let go, so each writer's tables are its own: patching the root below copies nothing.
        _ = consume numbered
        // Numbers are 32-bit from here on: a document past 2^31 − 1 objects (no memory holds
        // one) is left to the writer in order, which says so.
        guard writers.reduce(0, { $0 + $1.objects.count }) < Int(Int32.max) else { return nil }
        writers[0].setRoot(count: elements.count)
        let numbering = renumber(writers, earlier: findEarlier(writers))
        // The root's references, in the document's numbers, once every part's are known.
        for part in 0..<parts {
            writers[0].appendRootReferences(
                topReferences[part].lazy.map { part == 0 ? $0 : Int(numbering.global[part][$0]) })
        }
        return write(writers, numbering)
    }

    /// A writer that numbered `elements[range]`, and the numbers it gave them. The first
    /// part's writer starts with the root array (object 0), its references set later.
    private static func number(
        _ elements: [PropertyListValue], _ range: Range<Int>, isFirst: Bool, sortKeys: Bool, seed: UInt64
    ) throws -> (BinaryPropertyListWriter, [Int]) {
        var writer = BinaryPropertyListWriter(sortKeys: sortKeys, seed: seed)
        if isFirst { writer.setRoot(count: 0) }
        var references = [Int]()
        references.reserveCapacity(range.count)
        try elements.withUnsafeBufferPointer { elements in
            try writer.flatten(elements, range, depth: 1, into: &references)
        }
        return (writer, references)
    }

    /// `body(part)` for every part, on every core; the results in part order.
    private static func eachPart<T>(_ parts: Int, _ body: @Sendable (Int) -> T) -> [T] {
        [T](unsafeUninitializedCapacity: parts) { buffer, initialized in
            nonisolated(unsafe) let results = buffer.baseAddress!  // each part writes only its own
            DispatchQueue.concurrentPerform(iterations: parts) { (results + $0).initialize(to: body($0)) }
            initialized = parts
        }
    }

    /// Where an earlier part has an object's equal: the part, and the object's number there;
    /// part -1 when none has. (Not an optional: two 32-bit numbers, one per distinct string
    /// of the document, keep the table at 8 bytes an entry.)
    private struct Earlier {
        var part: Int32
        var object: Int32
    }

    /// For each part, by string entry and by scalar index, the earliest part holding an equal
    /// string or scalar (part -1 when none does). All parts look up at once: the tables are
    /// only read.
    private static func findEarlier(_ writers: [BinaryPropertyListWriter]) -> [(strings: [Earlier], scalars: [Earlier])]
    {
        let none = Earlier(part: -1, object: -1)
        return eachPart(writers.count) { part in
            let writer = writers[part]
            var strings = [Earlier](repeating: none, count: writer.strings.count)
            var scalars = [Earlier](repeating: none, count: writer.scalarValues.count)
            for entry in strings.indices {
                for earlier in 0..<part {
                    if let object = writers[earlier].strings.object(of: entry, in: writer.strings) {
                        strings[entry] = Earlier(part: Int32(earlier), object: Int32(object))
                        break
                    }
                }
            }
            for index in scalars.indices {
                let key = BinaryPropertyListWriter.scalarKey(of: writer.scalarValues[index])
                for earlier in 0..<part {
                    if let object = writers[earlier].scalars[key] {
                        scalars[index] = Earlier(part: Int32(earlier), object: Int32(object))
                        break
                    }
                }
            }
            return (strings, scalars)
        }
    }

    /// Each part's objects in the document's numbers, the first number each part gives
    /// (objects below it are written by an earlier part), the object count, and the bytes
    /// each part's objects take without their references.
    private struct Numbering {
        var global: [[Int32]]
        var firstOwnNumber: [Int]
        var objectCount: Int
        var bytes: [Int]
    }

    /// Numbers the parts' objects in order: an object an earlier part has takes that part's
    /// number; every other object the next. The first part's numbers stay as they are.
    private static func renumber(
        _ writers: [BinaryPropertyListWriter], earlier: [(strings: [Earlier], scalars: [Earlier])]
    ) -> Numbering {
        var numbering = Numbering(global: [], firstOwnNumber: [], objectCount: 0, bytes: [])
        for (part, writer) in writers.enumerated() {
            var global = [Int32](repeating: 0, count: writer.objects.count)
            var bytes = 0
            numbering.firstOwnNumber.append(numbering.objectCount)
            for (o, object) in writer.objects.enumerated() {
                let equal: Earlier? =
                    switch object.kind {
                    case .string: earlier[part].strings[object.start]
                    case .scalar: earlier[part].scalars[object.start]
                    case .array, .dictionary: nil
                    }
                if let equal, equal.part >= 0 {
                    global[o] = numbering.global[Int(equal.part)][Int(equal.object)]
                } else {
                    global[o] = Int32(numbering.objectCount)
                    numbering.objectCount += 1
                    bytes += writer.bytesWithoutReferences(object)
                }
            }
            numbering.global.append(global)
            numbering.bytes.append(bytes)
        }
        return numbering
    }

    /// Writes each part's objects into its own span of the document, all parts at once.
    private static func write(_ writers: [BinaryPropertyListWriter], _ numbering: Numbering) -> [UInt8] {
        let refSize = BinaryPropertyListWriter.byteWidth(forMaximum: UInt64(numbering.objectCount))
        var spans = [Int]()  // each part's first byte
        var end = BinaryPropertyList.magic.count
        for (part, writer) in writers.enumerated() {
            spans.append(end)
            end += numbering.bytes[part] + writer.children.count * refSize
        }
        let table = (offset: end, width: BinaryPropertyListWriter.byteWidth(forMaximum: UInt64(end)))
        spans.append(end)
        let starts = spans
        let total = end + numbering.objectCount * table.width + 32
        return [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
            nonisolated(unsafe) let base = buffer.baseAddress!  // each part writes only its own span
            var out = BinaryPropertyListWriter.ByteWriter(base: base)
            out.append(BinaryPropertyList.magic)
            let filledExactly = UnsafeMutableBufferPointer<Bool>.allocate(capacity: writers.count)
            filledExactly.initialize(repeating: false)
            defer { filledExactly.deallocate() }
            nonisolated(unsafe) let filled = filledExactly  // each part writes only its own entry
            DispatchQueue.concurrentPerform(iterations: writers.count) { part in
                var out = BinaryPropertyListWriter.ByteWriter(base: base, position: starts[part])
                numbering.global[part].withUnsafeBufferPointer { global in
                    writers[part].writeObjects(
                        into: &out, table: table, refSize: refSize, global: part == 0 ? nil : global,
                        firstOwnNumber: numbering.firstOwnNumber[part])
                }
                filled[part] = out.position == starts[part + 1]
            }
            precondition(filledExactly.allSatisfy { $0 }, "bplist size computation is off")
            out.writeTrailer(table: table, refSize: refSize, objectCount: numbering.objectCount)
            precondition(out.position == total, "bplist size computation is off")
            initialized = total
        }
    }
}
