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
        guard let context = ZSTD_createDCtx() else { throw Refusal(reason: "could not be decompressed (no memory)") }
        defer { ZSTD_freeDCtx(context) }
        // The window a frame may ask for: a group's content is at most 16 MiB, so no valid
        // frame needs more than 2^24 bytes of history (spec/FORMAT.md §12.2).
        ZSTD_DCtx_setParameter(context, ZSTD_d_windowLogMax, maximumWindowLog)
        var out = [UInt8](repeating: 0, count: Int(declared))
        let produced = out.withUnsafeMutableBytes {
            ZSTD_decompressDCtx(context, $0.baseAddress, Int(declared), frame.baseAddress, frame.count)
        }
        guard ZSTD_isError(produced) == 0, produced == Int(declared) else {
            out.wipe()
            let why = ZSTD_isError(produced) != 0 ? String(cString: ZSTD_getErrorName(produced)) : "short output"
            throw Refusal(reason: "does not decompress to its declared \(declared) bytes (\(why))")
        }
        return out
    }
}
