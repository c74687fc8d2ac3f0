import CZlib
import Foundation

/// gzip decompression (RFC 1952) for KeePass's compressed attachments, with a ceiling so a
/// small hostile input cannot expand without bound.
enum Gzip {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func decompress(_ input: [UInt8], limit: Int = 1 << 32) throws -> [UInt8] {
        var stream = z_stream()
        // 16 + MAX_WBITS: expect a gzip header and trailer (CRC-32 and length are checked).
        guard inflateInit2_(&stream, 16 + MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Failure(description: "zlib could not start")
        }
        defer { inflateEnd(&stream) }
        var output = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var status = Z_OK
        try input.withUnsafeBufferPointer { source in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = uInt(source.count)
            repeat {
                status = buffer.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                guard status == Z_OK || status == Z_STREAM_END else {
                    throw Failure(description: "not valid gzip data (zlib status \(status))")
                }
                output.append(contentsOf: buffer[0..<(buffer.count - Int(stream.avail_out))])
                guard output.count <= limit else { throw Failure(description: "expands beyond \(limit) bytes") }
                if status == Z_OK && stream.avail_in == 0 && stream.avail_out > 0 {
                    throw Failure(description: "gzip data ends early (truncated)")
                }
            } while status != Z_STREAM_END
        }
        return output
    }
}
