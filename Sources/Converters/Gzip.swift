internal import CSystemZlib
import Foundation

/// gzip decompression (RFC 1952) for KeePass's compressed attachments, bounded while it
/// streams: inflation stops as soon as the attachments of one import pass
/// ``ImportLimits/inflatedBytes`` together, or one of them inflates more than
/// ``ImportLimits/inflationRatio`` times the compressed bytes consumed so far, so a gzip
/// bomb costs a few MiB of work, never its inflated size.
enum Gzip {
    /// Where the data came from, for errors: the input, the line of its element, and the
    /// attachment's id.
    struct Origin {
        var input: String
        var line: Int
        var binary: String
    }

    /// The inflated bytes of `data`, given that `inflatedSoFar` bytes were inflated for the
    /// same import before. Throws ``ConverterError/Code/inflationLimit`` when a limit is
    /// crossed and ``ConverterError/Code/invalidData`` when the data is not gzip.
    static func decompress(_ data: [UInt8], limits: ImportLimits, inflatedSoFar: Int, origin: Origin) throws
        -> [UInt8]
    {
        // The offset is where in the compressed data inflation stopped.
        func failure(_ code: ConverterError.Code, _ reason: String, found: String? = nil) -> ConverterError {
            ConverterError(
                code, input: origin.input, line: origin.line, offset: Int(stream.total_in), found: found,
                "binary \(origin.binary): \(reason)")
        }
        var stream = z_stream()
        // 16 + MAX_WBITS: expect a gzip header and trailer (CRC-32 and length are checked).
        guard inflateInit2_(&stream, 16 + MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw failure(.invalidData, "zlib could not start")
        }
        defer { inflateEnd(&stream) }
        let budget = max(0, limits.inflatedBytes - inflatedSoFar)
        let total = InputLimit.size(limits.inflatedBytes)
        var output = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var status = Z_OK
        try data.withUnsafeBufferPointer { source in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = uInt(source.count)
            repeat {
                status = buffer.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                guard status == Z_OK || status == Z_STREAM_END else {
                    throw failure(
                        .invalidData, "not valid gzip data (zlib status \(status))", found: "zlib status \(status)")
                }
                let produced = buffer.count - Int(stream.avail_out)
                guard output.count + produced <= budget else {
                    throw failure(
                        .inflationLimit,
                        "compressed attachments inflate beyond \(total) in total, the limit for one import")
                }
                output.append(contentsOf: buffer[0..<produced])
                let consumed = max(Int(stream.total_in), 1)
                if output.count > limits.ratioCheckedAbove, output.count / consumed > limits.inflationRatio {
                    throw failure(
                        .inflationLimit,
                        "inflates more than \(limits.inflationRatio) times its compressed size "
                            + "(\(output.count) bytes from \(consumed) so far; a gzip bomb?); refused",
                        found: "\(output.count) bytes from \(consumed)")
                }
                if status == Z_OK && stream.avail_in == 0 && stream.avail_out > 0 {
                    throw failure(.invalidData, "gzip data ends early (truncated)")
                }
            } while status != Z_STREAM_END
        }
        return output
    }
}
