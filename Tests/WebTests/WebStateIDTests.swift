import Testing
import Web

@Suite struct WebStateIDTests {
    @Test(arguments: [Int32(0), -1, -42, Int32.min])
    func nonPositiveSerializedValuesAreInvalid(_ value: Int32) {
        #expect(WebStateID.fromSerializedValue(value) == nil)
    }

    @Test(arguments: [Int32.max, Int32.max - 1, WebStateID.generator.largestAcceptedIdentifier + 1])
    func serializedValuesInTheGeneratorsReservedTopAreInvalid(_ value: Int32) {
        let before = WebStateID.generator.lastIssued
        #expect(WebStateID.fromSerializedValue(value) == nil)
        #expect(WebStateID.generator.lastIssued < WebStateID.generator.largestAcceptedIdentifier)
        #expect(WebStateID.newUnique().rawValue > before, "fresh identifiers still come")
    }

    @Test(arguments: [Int32(1), 2, 4_096, 0x00AB_CDEF])
    func positiveSerializedValuesAreValid(_ value: Int32) throws {
        let id = try #require(WebStateID.fromSerializedValue(value))
        #expect(id.rawValue == value)
        #expect(WebStateID.fromSerializedValue(value) == id)
    }

    @Test func newUniqueIsPositiveAndNeverRepeats() {
        let ids = (0..<1_000).map { _ in WebStateID.newUnique() }
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.rawValue > 0 })
        #expect(ids == ids.sorted(), "identifiers are handed out in increasing order")
    }

    @Test func readingAnIdentifierAdvancesTheGenerator() throws {
        // Well above anything handed out by the other tests so far, far from Int32.max.
        let stored: Int32 = 0x0123_4567
        let read = try #require(WebStateID.fromSerializedValue(stored))
        let fresh = WebStateID.newUnique()
        #expect(fresh > read)
        #expect(WebStateID.generator.lastIssued >= stored)
    }

    @Test func advanceGeneratorMakesLaterIdentifiersGreater() throws {
        let id = try #require(WebStateID.fromSerializedValue(0x0012_3456))
        WebStateID.advanceGenerator(past: id)
        #expect(WebStateID.newUnique() > id)
    }

    @Test(arguments: [
        (Int32(1), "00000001"),
        (0xAB, "000000ab"),
        (0x00AB_CDEF, "00abcdef"),
        (0x1234_5678, "12345678"),
    ])
    func storageNameIsEightLowercaseHexDigits(_ value: Int32, _ expected: String) throws {
        let id = try #require(WebStateID.fromSerializedValue(value))
        #expect(id.storageName == expected)
    }

    @Test func freshIdentifiersHaveWellFormedStorageNames() {
        let name = WebStateID.newUnique().storageName
        #expect(name.count == 8)
        #expect(name.allSatisfy { "0123456789abcdef".contains($0) })
    }

    @Test func identifiersOrderByRawValue() throws {
        let small = try #require(WebStateID.fromSerializedValue(3))
        let large = try #require(WebStateID.fromSerializedValue(30))
        #expect(small < large)
        #expect(!(large < small))
        #expect(small.description == "WebStateID(3)")
    }
}
