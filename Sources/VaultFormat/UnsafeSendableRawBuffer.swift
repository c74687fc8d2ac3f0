/// Bytes that concurrent slices only read (a region's stream while it is checked).
struct UnsafeSendableRawBuffer: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer
    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }
}
