/// Hand-assembles bplist00 files so tests can break exactly one rule at a time.
struct BinaryFixture {
    var objects: [[UInt8]]
    var refSize = 1
    var offsetSize = 1
    var topObject: UInt64 = 0
    var header: [UInt8] = Array("bplist00".utf8)
    /// Overrides for trailer fields, applied after the honest values are computed.
    var objectCountOverride: UInt64? = nil
    var tableOffsetOverride: UInt64? = nil
    var offsetsOverride: [UInt64]? = nil

    var bytes: [UInt8] {
        var out = header
        var offsets = [UInt64]()
        for object in objects {
            offsets.append(UInt64(out.count))
            out += object
        }
        let tableOffset = UInt64(out.count)
        for offset in offsetsOverride ?? offsets { out += Self.bigEndian(offset, width: offsetSize) }
        out += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(refSize)]
        out += Self.bigEndian(objectCountOverride ?? UInt64(objects.count), width: 8)
        out += Self.bigEndian(topObject, width: 8)
        out += Self.bigEndian(tableOffsetOverride ?? tableOffset, width: 8)
        return out
    }

    static func bigEndian(_ value: UInt64, width: Int) -> [UInt8] {
        (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    static func ascii(_ s: String) -> [UInt8] {
        precondition(s.utf8.count < 15)
        return [0x50 | UInt8(s.utf8.count)] + Array(s.utf8)
    }

    static func array(_ refs: [Int], refSize: Int = 1) -> [UInt8] {
        precondition(refs.count < 15)
        return [0xA0 | UInt8(refs.count)] + refs.flatMap { bigEndian(UInt64($0), width: refSize) }
    }

    static func dictionary(keys: [Int], values: [Int]) -> [UInt8] {
        [0xD0 | UInt8(keys.count)] + keys.map { UInt8($0) } + values.map { UInt8($0) }
    }
}
