import Base
import Foundation
import Prefs
import Testing

struct PrefValueTests {
    @Test func kindsAndAccessors() {
        let values: [PrefValue] = [true, 3, 2.5, "text", [1, "a"], ["key": false]]
        #expect(values.map(\.kind) == [.bool, .int, .double, .string, .list, .dictionary])
        #expect(PrefValue.bool(true).boolValue == true)
        #expect(PrefValue.int(3).intValue == 3)
        #expect(PrefValue.double(2.5).doubleValue == 2.5)
        #expect(PrefValue.string("text").stringValue == "text")
        #expect(PrefValue.list([1]).listValue == [.int(1)])
        #expect(PrefValue.dictionary(["k": 1]).dictionaryValue == ["k": .int(1)])
        #expect(PrefValue.int(3).boolValue == nil)
        #expect(PrefValue.int(3).doubleValue == nil)
        #expect(PrefValue.string("1").intValue == nil)
    }

    @Test func integersConvertToDoublesOnly() {
        #expect(PrefValue.int(2).converted(to: .double) == .double(2))
        #expect(PrefValue.int(2).converted(to: .int) == .int(2))
        #expect(PrefValue.double(2).converted(to: .int) == nil)
        #expect(PrefValue.bool(true).converted(to: .int) == nil)
        #expect(PrefValue.string("1").converted(to: .double) == nil)
        #expect(PrefValue.list([]).converted(to: .dictionary) == nil)
    }

    @Test func integersStayIntegersInJSON() throws {
        #expect(try PrefValue(json: "3") == .int(3))
        #expect(try PrefValue(json: "-0") == .int(0))
        #expect(try PrefValue(json: "3.0") == .double(3))
        #expect(try PrefValue(json: "3e0") == .double(3))
        #expect(try PrefValue(json: "-1.5E+2") == .double(-150))
        #expect(try PrefValue(json: "9223372036854775807") == .int(Int.max))
        // Too large for an Int: read as a double.
        #expect(try PrefValue(json: "92233720368547758070") == .double(92_233_720_368_547_758_080))
        #expect(PrefValue.int(3).json == "3")
        #expect(PrefValue.double(3).json == "3.0")
        #expect(PrefValue.double(0.1).json == "0.1")
        #expect(try PrefValue(json: PrefValue.double(1e-7).json) == .double(1e-7))
        #expect(try PrefValue(json: PrefValue.double(1e300).json) == .double(1e300))
    }

    @Test func writesCompactJSONWithSortedKeys() {
        let value: PrefValue = ["b": [1, 2.5, "x"], "a": ["nested": true], "c": [:], "d": []]
        #expect(value.json == #"{"a":{"nested":true},"b":[1,2.5,"x"],"c":{},"d":[]}"#)
        #expect(value.description == value.json)
    }

    @Test func stringsRoundTripWithEscapes() throws {
        let text = "quote \" backslash \\ slash / newline \n tab \t nul \u{0} bell \u{7} é 😀"
        let json = PrefValue.string(text).json
        #expect(json == #""quote \" backslash \\ slash / newline \n tab \t nul \u0000 bell \u0007 é 😀""#)
        #expect(try PrefValue(json: json) == .string(text))
        #expect(try PrefValue(json: #""\u00e9\/\b\f\r""#) == .string("é/\u{8}\u{C}\r"))
        #expect(try PrefValue(json: #""\ud83d\ude00""#) == .string("😀"))
        // Unpaired surrogates become U+FFFD.
        #expect(try PrefValue(json: #""\ud83d x \ude00""#) == .string("\u{FFFD} x \u{FFFD}"))
    }

    @Test func readsNestedDocumentsWithWhitespace() throws {
        let value = try PrefValue(
            json: "\u{FEFF}\n{ \"list\" : [ 1 , { \"k\" : \"v\" } ] , \"b\":false }\r\n")
        #expect(value == ["list": [1, ["k": "v"]], "b": false])
        // The last of duplicate keys wins.
        #expect(try PrefValue(json: #"{"a":1,"a":2}"#) == ["a": 2])
    }

    @Test(arguments: [
        "", "   ", "nul", "null", "[1, null]", #"{"a": null}"#, "{", "[1,]", #"{"a":1,}"#, "01", "1.", ".5",
        "-",
        "1e", "+1", "1e999", "[1] 2", #"{"a" 1}"#, #"{1: 2}"#, "\"unterminated", "\"bad \\x escape\"",
        "\"\\u12G4\"", "\"raw \n newline\"", "tru", "'single'", "NaN", "Infinity",
    ])
    func rejectsInvalidJSON(json: String) {
        #expect(throws: JSONParseError.self) { try PrefValue(json: json) }
    }

    @Test func errorsSayWhere() {
        #expect(throws: JSONParseError("line 2, column 4: expected ',' or ']' in an array")) {
            try PrefValue(json: "[1,\n 2 3]")
        }
    }

    @Test func limitsNesting() throws {
        let deepest = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(try PrefValue(json: deepest).kind == .list)
        let tooDeep = String(repeating: "[", count: 201) + String(repeating: "]", count: 201)
        #expect(throws: JSONParseError.self) { try PrefValue(json: tooDeep) }
        let hostile = String(repeating: "[", count: 100_000)
        #expect(throws: JSONParseError.self) { try PrefValue(json: hostile) }
    }

    @Test func onlyFiniteNumbersAreRepresentable() {
        #expect(PrefValue.double(1).isRepresentableInJSON)
        #expect(!PrefValue.double(.infinity).isRepresentableInJSON)
        #expect(!PrefValue.list([1, .double(.nan)]).isRepresentableInJSON)
        #expect(!PrefValue.dictionary(["a": [.double(-.infinity)]]).isRepresentableInJSON)
        #expect(PrefValue.double(.infinity).json == "null")
    }
}
