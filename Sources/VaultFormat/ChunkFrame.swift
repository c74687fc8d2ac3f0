/// The 8-byte frame at the start of every chunk's plaintext (spec/FORMAT.md §6): kind, three
/// zero bytes, and the continuation (u32): how many bytes at the start of the body finish an
/// item begun in an earlier chunk.
struct ChunkFrame: Equatable {
    var kind: ChunkKind
    var continuation: Int

    /// Parses the frame of `plain` (a chunk's whole plaintext); nil with a reason when the
    /// chunk is shorter than a frame, of another kind, or its reserved bytes are not zero.
    static func parse<Bytes: RandomAccessCollection>(_ plain: Bytes, expecting kind: ChunkKind) -> Result<
        ChunkFrame, FrameFailure
    > where Bytes.Element == UInt8, Bytes.Index == Int {
        var cursor = ByteReader(plain)
        guard let found = cursor.readInteger(UInt8.self), let reserved = cursor.read(3),
            let continuation = cursor.readInteger(UInt32.self)
        else { return .failure(FrameFailure("shorter than its \(FormatLimits.frameHeaderBytes)-byte frame")) }
        guard found == kind.rawValue else {
            let name = ChunkKind(rawValue: found).map { "\($0) (\(found))" } ?? "\(found), which is undefined"
            return .failure(FrameFailure("has frame kind \(name) where a \(kind) chunk belongs"))
        }
        guard reserved.allSatisfy({ $0 == 0 }) else {
            return .failure(FrameFailure("frame bytes 1…3 are not zero"))
        }
        return .success(ChunkFrame(kind: kind, continuation: Int(continuation)))
    }

    /// What a frame's continuation must be for a chunk whose body starts at `chunkStart` in
    /// its region's stream, given the item that spans that point (`itemStart..<itemEnd`):
    /// the item's bytes in this body when it began in an earlier chunk, else 0.
    static func expectedContinuation(chunkStart: Int, itemStart: Int, itemEnd: Int) -> Int {
        guard itemStart < chunkStart, itemEnd > chunkStart else { return 0 }
        return min(itemEnd - chunkStart, FormatLimits.chunkBodyBytes)
    }
}

/// Why a chunk's frame was refused (turned into a payload failure naming the chunk).
struct FrameFailure: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
