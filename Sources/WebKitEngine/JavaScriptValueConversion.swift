import CWebKitGTK
import Foundation
import Web

/// Converts JavaScriptCore values (`JSCValue *`) to ``JavaScriptValue``.
enum JavaScriptValueConversion {
    /// The value of `value`: null/undefined, booleans, numbers and strings directly; arrays
    /// and objects through their JSON form (so what JSON cannot hold, like functions, is
    /// dropped the way `JSON.stringify` drops it).
    static func convert(_ value: OpaquePointer) -> JavaScriptValue {
        if jsc_value_is_null(value) != 0 || jsc_value_is_undefined(value) != 0 { return .null }
        if jsc_value_is_boolean(value) != 0 { return .bool(jsc_value_to_boolean(value) != 0) }
        if jsc_value_is_number(value) != 0 { return .number(jsc_value_to_double(value)) }
        if jsc_value_is_string(value) != 0 { return .string(takeString(jsc_value_to_string(value))) }
        guard let json = jsc_value_to_json(value, 0) else { return .null }
        let text = takeString(json)
        return (try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)))?.value ?? .null
    }

    private static func takeString(_ pointer: UnsafeMutablePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        defer { g_free(pointer) }
        return String(cString: pointer)
    }

    /// A JSON value decoded with JSONDecoder, which tells booleans from numbers.
    private struct JSONValue: Decodable {
        let value: JavaScriptValue

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                value = .null
            } else if let bool = try? container.decode(Bool.self) {
                value = .bool(bool)
            } else if let number = try? container.decode(Double.self) {
                value = .number(number)
            } else if let string = try? container.decode(String.self) {
                value = .string(string)
            } else if let array = try? container.decode([JSONValue].self) {
                value = .array(array.map(\.value))
            } else {
                value = .object(try container.decode([String: JSONValue].self).mapValues(\.value))
            }
        }
    }
}
