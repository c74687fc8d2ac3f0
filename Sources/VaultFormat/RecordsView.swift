import Foundation
import PropertyList

/// The records of an opened vault, decoded on demand: one record, or every record of a range
/// on every core. Lent by ``UnlockedVault/withRecords(_:)`` and valid only inside it (the
/// decrypted bytes are wiped when it returns).
public struct RecordsView: Sendable {
    let region: RecordsRegion
    let vault: UnlockedVault

    /// How many records the vault holds (record 0, the settings, included).
    public var count: Int { region.spans.count }

    /// The sizes of the records' bplist00 encodings, in bytes, without decoding them.
    public var encodedBytes: Int { region.spans.reduce(0) { $0 + $1.count } }

    /// With compressed records (spec/FORMAT.md §12.2), the bytes their zstd groups take in the
    /// records region, length prefixes included; nil when records are stored as they are.
    public var compressedBytes: Int? { region.compressedBytes }

    /// Record `n`, decoded. A record that is not a valid bplist00 is a payload failure naming
    /// its chunk.
    public func decode(_ n: Int) throws -> PropertyListValue { try region.decodeRecord(n, in: vault) }

    /// Records `numbers`, decoded in the order given by one reader: in increasing order, one
    /// decompression per group, however many of its records are asked for.
    public func decode(_ numbers: [Int]) throws -> [PropertyListValue] {
        let reader = RecordReader(region: region, vault: vault)
        return try numbers.map { try reader.decode($0) }
    }

    /// `transform` of every record in `range`, in order, decoded and transformed on every core
    /// (records are independent bplist00 documents). Each record's value is dropped as soon as
    /// it is transformed, so the decoded trees of all records are never held at once. Throws
    /// the error of the lowest failing record, as a reader going in order would.
    public func map<T: Sendable>(
        _ range: Range<Int>, _ transform: @Sendable (Int, PropertyListValue) throws -> T
    ) throws -> [T] {
        try everyRecord(range) { reader, n in try transform(n, reader.decode(n)) }
    }

    /// Record `n`'s entries under `keys` only (``BinaryPropertyList/decodeEntries(_:keys:)``):
    /// nil when the record is not a dictionary. Its other values are not read, so damage in
    /// them is not seen here (``decode(_:)`` and `verify` see it).
    public func entries(_ n: Int, keys: BinaryPropertyList.Keys) throws -> PropertyListDictionary? {
        try RecordReader(region: region, vault: vault).entries(n, keys: keys)
    }

    /// ``map(_:_:)`` over ``entries(_:keys:)``: a few fields of every record, on every core.
    public func mapEntries<T: Sendable>(
        _ range: Range<Int>, keys: [String], _ transform: @Sendable (Int, PropertyListDictionary?) throws -> T
    ) throws -> [T] {
        let keys = BinaryPropertyList.Keys(keys)
        return try everyRecord(range) { reader, n in try transform(n, reader.entries(n, keys: keys)) }
    }

    /// `reduce` of every slice of `range`, on every core, in order: the range is cut at group
    /// starts into a few slices per core, and each slice's records are decoded in order by the
    /// reader of the slice, which `reduce` calls with each record number it wants (the
    /// slice's, in increasing order). For work that makes one result per slice (a slice of an
    /// export's rows), so what is made from a record is made and dropped on the thread that
    /// decoded it. Throws the error of the lowest failing slice, which, as each slice stops at
    /// its first failure, is the lowest failing record's.
    public func mapSlices<T: Sendable>(
        _ range: Range<Int>,
        _ reduce: @Sendable (_ records: Range<Int>, _ decode: (Int) throws -> PropertyListValue) throws -> T
    ) throws -> [T] {
        guard !range.isEmpty else { return [] }
        let slices = region.slices(
            of: range, count: range.count < 256 ? 1 : ProcessInfo.processInfo.activeProcessorCount * 4)
        let failures = FirstFailure()
        let region = region
        let vault = vault
        var results = [T?](repeating: nil, count: slices.count)
        results.withUnsafeMutableBufferPointer { pointer in
            let out = UnsafeSendableBuffer(pointer)
            DispatchQueue.concurrentPerform(iterations: slices.count) { slice in
                let reader = RecordReader(region: region, vault: vault)
                do {
                    out.buffer[slice] = try reduce(slices[slice]) { n in
                        precondition(slices[slice].contains(n), "a slice decodes only its own records")
                        return try reader.decode(n)
                    }
                } catch { failures.record(error, at: slice) }
            }
        }
        if let error = failures.error { throw error }
        return results.map { $0! }
    }

    /// `make` of every record of `range`, on every core: the range is cut at group starts into
    /// slices, and each slice reads its records in order with a reader of its own (one
    /// decompression per group, one group's plaintext per thread).
    private func everyRecord<T: Sendable>(
        _ range: Range<Int>, _ make: @Sendable (RecordReader, Int) throws -> T
    ) throws -> [T] {
        let count = range.count
        guard count > 0 else { return [] }
        let slices = region.slices(of: range, count: count < 256 ? 1 : ProcessInfo.processInfo.activeProcessorCount * 4)
        let failures = FirstFailure()
        let region = region
        let vault = vault
        return try [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            let out = UnsafeSendableBuffer(buffer)
            // How far each slice got, so a failure can release exactly what was made.
            var made = [Int](repeating: 0, count: slices.count)
            made.withUnsafeMutableBufferPointer { madePointer in
                let made = UnsafeSendableBuffer(madePointer)
                DispatchQueue.concurrentPerform(iterations: slices.count) { slice in
                    let reader = RecordReader(region: region, vault: vault)
                    for n in slices[slice] {
                        do {
                            out.buffer.baseAddress!.advanced(by: n - range.lowerBound).initialize(
                                to: try make(reader, n))
                            made.buffer[slice] += 1
                        } catch {
                            failures.record(error, at: n)
                            return
                        }
                    }
                }
            }
            if let error = failures.error {
                for (slice, records) in slices.enumerated() {
                    (buffer.baseAddress! + records.lowerBound - range.lowerBound).deinitialize(count: made[slice])
                }
                initialized = 0
                throw error
            }
            initialized = count
        }
    }
}

extension UnlockedVault {
    /// Reads and checks the records region once (``readRecordsRegion()``) and lends its
    /// records to `body`; the decrypted bytes are wiped when `body` returns.
    public func withRecords<R>(_ body: (RecordsView) throws -> R) throws -> R {
        var region = try readRecordsRegion()
        defer { region.wipe() }
        return try body(RecordsView(region: region, vault: self))
    }
}
