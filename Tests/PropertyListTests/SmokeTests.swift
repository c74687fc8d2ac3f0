import Testing

@testable import PropertyList

@Test func smoke() throws {
    let v: PropertyListValue = ["a": 1, "b": "x"]
    let bytes = try BinaryPropertyList.encode(v)
    #expect(try BinaryPropertyList.decode(bytes) == v)
}
