/// Format 1.1's compressed records (spec/FORMAT.md §12): consecutive records, each a u32
/// length and its bplist00 bytes as in 1.0, packed into groups of about 512 KiB and each
/// group stored as one zstd frame. A group is one item of the records region, so a damaged
/// chunk costs salvage the groups it touches, and continuation still finds the next one.
package enum RecordGroup {
    /// A writer closes a group before it would pass this many bytes of content (a group
    /// holds at least one record, so one larger record makes a group of its own).
    static let targetContentBytes = 512 * 1024
    /// The most content a reader decompresses from one group: the limit of the
    /// decompression-bomb rule, checked against the frame's declared size before any
    /// allocation. A record larger than this cannot be written compressed.
    package static let maximumContentBytes = 16 * 1024 * 1024
    /// The most content all of a vault's groups may decompress to together: a file cannot
    /// make a reader allocate more than this for its records, however well it compresses.
    /// Writers refuse records that would pass it.
    package static let maximumRecordsContentBytes = 1 << 30

    /// Records a compressed region cannot hold (one over 16 MiB, or over 1 GiB in all):
    /// the writer then stores them uncompressed, as 1.0 does.
    package struct TooLarge: Error {}

    /// How much content the next group may declare, with `soFar` bytes already read from
    /// the groups before it: both limits at once.
    package static func contentLimit(afterReading soFar: Int) -> Int {
        max(0, min(maximumContentBytes, maximumRecordsContentBytes - soFar))
    }

    /// zstd's level. On 100,000 entries with random passwords and notes (the entries of
    /// `scripts/bench-everyday`), level 9 in 512 KiB groups made an 8.39 MB vault (the KDBX:
    /// 8.48 MB) and an `add` of 1.9 s; level 15 in 128 KiB groups 8.13 MB, but 5.4 s.
    static let compressionLevel: Int32 = 9

    /// One slice of length-prefixed records made into its compressed groups: each group an
    /// item `u32 length ‖ zstd frame`, and where each item ends.
    static func compressed(_ slice: (bytes: [UInt8], ends: [Int])) throws -> (bytes: [UInt8], ends: [Int]) {
        var sink = ByteSink()
        var ends = [Int]()
        try slice.bytes.withUnsafeBytes { all in
            for range in ranges(ends: slice.ends) {
                guard range.count <= maximumContentBytes else { throw TooLarge() }
                let frame = compress(UnsafeRawBufferPointer(rebasing: all[range]), level: compressionLevel)
                sink.append(UInt32(frame.count))
                sink.append(frame)
                ends.append(sink.bytes.count)
            }
        }
        return (sink.bytes, ends)
    }

    static func compress(_ bytes: UnsafeRawBufferPointer, level: Int32) -> [UInt8] {
        Zstd.compress(bytes, level: level)
    }

    /// Packs length-prefixed records (`stream`, with each record's end in `ends`) into
    /// groups: the content of each group, as ranges of `stream`.
    static func ranges(ends: [Int]) -> [Range<Int>] {
        var groups = [Range<Int>]()
        var start = 0
        var last = 0
        for end in ends {
            if end - start > targetContentBytes, last > start {
                groups.append(start..<last)
                start = last
            }
            last = end
        }
        if last > start { groups.append(start..<last) }
        return groups
    }

    /// The records of a decompressed group: each record's bplist00 bytes as a range of
    /// `content`, which must be whole length-prefixed records and nothing else.
    static func records(in content: [UInt8]) throws -> [Range<Int>] {
        try content.withUnsafeBytes { try records(in: $0) }
    }

    /// ``records(in:)`` over bytes in place: ranges of `bytes`.
    static func records(in bytes: UnsafeRawBufferPointer) throws -> [Range<Int>] {
        var cursor = ByteReader(bytes)
        var spans = [Range<Int>]()
        while cursor.remaining > 0 {
            guard let size = cursor.readInteger(UInt32.self), size > 0 else {
                throw Zstd.Refusal(reason: "holds a record length that is missing or 0")
            }
            let start = cursor.position
            guard cursor.skip(Int(size)) else {
                throw Zstd.Refusal(reason: "holds a record of \(size) bytes that runs past its content")
            }
            spans.append(start..<cursor.position)
        }
        guard !spans.isEmpty else { throw Zstd.Refusal(reason: "holds no record") }
        return spans
    }
}
