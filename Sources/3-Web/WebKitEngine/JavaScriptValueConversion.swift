import Base
import CWebKitGTK
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
        return (try? JSONParser.parse(Array(text.utf8))).map(value(of:)) ?? .null
    }

    private static func takeString(_ pointer: UnsafeMutablePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        defer { g_free(pointer) }
        return String(cString: pointer)
    }

    /// The JavaScript value of a JSON document.
    private static func value(of json: JSONValue) -> JavaScriptValue {
        switch json {
        case .null: .null
        case .bool(let value): .bool(value)
        case .int(let value): .number(Double(value))
        case .double(let value): .number(value)
        case .string(let value): .string(value)
        case .array(let elements): .array(elements.map(value(of:)))
        case .object(let members): .object(members.mapValues(value(of:)))
        }
    }
}
