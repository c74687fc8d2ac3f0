internal import CZstd
import Foundation

/// zstd (RFC 8878) for record groups, strict on reading: one frame, its content size
/// declared in its header and within a limit checked before anything is allocated, no
/// bytes after it, and exactly the declared size out.
package enum Zstd {
    static let frameMagic: UInt32 = 0xFD2F_B528
    static let maximumWindowLog: Int32 = 24

    package static func compress(_ bytes: UnsafeRawBufferPointer, level: Int32) -> [UInt8] {
        let bound = ZSTD_compressBound(bytes.count)
        var out = [UInt8](repeating: 0, count: bound)
        let written = out.withUnsafeMutableBytes {
            ZSTD_compress($0.baseAddress, bound, bytes.baseAddress, bytes.count, level)
        }
        // Compressing memory we own into a buffer of the bound cannot fail.
        precondition(ZSTD_isError(written) == 0, "zstd: \(String(cString: ZSTD_getErrorName(written)))")
        out.removeSubrange(written...)
        return out
    }

    /// Why a frame was refused.
    package struct Refusal: Error {
        package let reason: String
    }

    /// The content of the single frame `frame`, at most `limit` bytes.
    package static func decompress(_ frame: UnsafeRawBufferPointer, limit: Int) throws -> [UInt8] {
        let declared = try checkedContentSize(frame, limit: limit)
        var out = [UInt8](repeating: 0, count: declared)
        do {
            try out.withUnsafeMutableBytes { try decompress(frame, into: $0) }
        } catch {
            out.wipe()
            throw error
        }
        return out
    }

    /// ``decompress(_:limit:)`` into the start of `out`, a buffer reused from frame to frame;
    /// returns the content's length. A frame declaring more than `out` holds is refused (size
    /// `out` for the largest content the frames may declare). On a refusal `out` holds a part
    /// of the content at most: it is secret either way, and its owner wipes it.
    package static func decompress(_ frame: UnsafeRawBufferPointer, limit: Int, into out: UnsafeMutableRawBufferPointer)
        throws -> Int
    {
        let declared = try checkedContentSize(frame, limit: min(limit, out.count))
        try decompress(frame, into: UnsafeMutableRawBufferPointer(rebasing: out[..<declared]))
        return declared
    }

    /// The content size a frame's header declares, unchecked (nil when it declares none or
    /// more than a group may hold): for reserving memory only.
    static func declaredContentSize(_ frame: UnsafeRawBufferPointer) -> Int? {
        let declared = ZSTD_getFrameContentSize(frame.baseAddress, frame.count)
        return declared <= UInt64(RecordGroup.maximumContentBytes) ? Int(declared) : nil
    }

    /// The content size `frame` declares, once it is checked to be exactly one complete zstd
    /// frame, declaring its size within `limit`, and naming no dictionary.
    private static func checkedContentSize(_ frame: UnsafeRawBufferPointer, limit: Int) throws -> Int {
        guard frame.count >= 4, frame.loadUnaligned(as: UInt32.self).littleEndian == frameMagic else {
            throw Refusal(reason: "is not a zstd frame (magic 28 B5 2F FD)")
        }
        let declared = ZSTD_getFrameContentSize(frame.baseAddress, frame.count)
        // ZSTD_CONTENTSIZE_UNKNOWN and _ERROR are the two largest u64 values.
        guard declared < UInt64.max - 1 else {
            throw Refusal(reason: "does not declare its content size (or its header is damaged)")
        }
        guard declared <= UInt64(limit) else {
            throw Refusal(reason: "declares \(declared) bytes of content; at most \(limit)")
        }
        let size = ZSTD_findFrameCompressedSize(frame.baseAddress, frame.count)
        guard ZSTD_isError(size) == 0, size == frame.count else {
            throw Refusal(reason: "is not exactly one complete zstd frame")
        }
        guard ZSTD_getDictID_fromFrame(frame.baseAddress, frame.count) == 0 else {
            throw Refusal(reason: "names a dictionary; none is defined")
        }
        // libzstd applies ZSTD_d_windowLogMax only when streaming, not to the one-shot
        // decompression below: the window is read from the header here.
        if let window = windowSize(frame), window > UInt64(1) << UInt64(maximumWindowLog) {
            throw Refusal(reason: "needs a window of \(window) bytes; at most 16 MiB (2^24)")
        }
        return Int(declared)
    }

    /// The Window_Size a frame's header gives (RFC 8878 §3.1.1.1.2), or nil for a
    /// single-segment frame, whose window is its content size.
    static func windowSize(_ frame: UnsafeRawBufferPointer) -> UInt64? {
        guard frame.count >= 6, frame[4] & 0x20 == 0 else { return nil }
        let descriptor = frame[5]
        let windowLog = 10 + UInt64(descriptor >> 3)
        let base: UInt64 = 1 << windowLog
        return base + (base / 8) * UInt64(descriptor & 7)
    }

    /// Decompresses a checked frame into `out`, which is exactly its declared size.
    private static func decompress(_ frame: UnsafeRawBufferPointer, into out: UnsafeMutableRawBufferPointer) throws {
        guard let context = ZSTD_createDCtx() else { throw Refusal(reason: "could not be decompressed (no memory)") }
        defer { ZSTD_freeDCtx(context) }
        // The window a frame may ask for: a group's content is at most 16 MiB, so no valid
        // frame needs more than 2^24 bytes of history (spec/FORMAT.md §12.2).
        ZSTD_DCtx_setParameter(context, ZSTD_d_windowLogMax, maximumWindowLog)
        let produced = ZSTD_decompressDCtx(context, out.baseAddress, out.count, frame.baseAddress, frame.count)
        guard ZSTD_isError(produced) == 0, produced == out.count else {
            let why = ZSTD_isError(produced) != 0 ? String(cString: ZSTD_getErrorName(produced)) : "short output"
            throw Refusal(reason: "does not decompress to its declared \(out.count) bytes (\(why))")
        }
    }
}
