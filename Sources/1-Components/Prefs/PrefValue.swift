public import Base

/// The value of a pref: a JSON value without `null`.
///
/// A registered pref's default value fixes its ``Kind``; every value it takes afterwards
/// has that kind, except that an integer is accepted where a double is expected (it is
/// converted, see ``converted(to:)``), because JSON does not tell `1` from `1.0`.
public enum PrefValue: Hashable, Sendable {
    /// A boolean.
    case bool(Bool)
    /// An integer.
    case int(Int)
    /// A floating-point number; it must be finite to be stored.
    case double(Double)
    case string(String)
    /// A list of values, not necessarily of the same kind.
    case list([PrefValue])
    /// A dictionary of values, not necessarily of the same kind.
    case dictionary([String: PrefValue])

    /// The kinds of values, one per case.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// ``PrefValue/bool(_:)``.
        case bool
        /// ``PrefValue/int(_:)``.
        case int
        /// ``PrefValue/double(_:)``.
        case double
        /// ``PrefValue/string(_:)``.
        case string
        /// ``PrefValue/list(_:)``.
        case list
        /// ``PrefValue/dictionary(_:)``.
        case dictionary
    }

    /// The kind of this value.
    public var kind: Kind {
        switch self {
        case .bool: .bool
        case .int: .int
        case .double: .double
        case .string: .string
        case .list: .list
        case .dictionary: .dictionary
        }
    }

    /// The boolean, if this is a ``bool(_:)``.
    public var boolValue: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    /// The integer, if this is an ``int(_:)``.
    public var intValue: Int? {
        if case .int(let value) = self { value } else { nil }
    }

    /// The number, if this is a ``double(_:)``.
    public var doubleValue: Double? {
        if case .double(let value) = self { value } else { nil }
    }

    /// The string, if this is a ``string(_:)``.
    public var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The elements, if this is a ``list(_:)``.
    public var listValue: [PrefValue]? {
        if case .list(let value) = self { value } else { nil }
    }

    /// The entries, if this is a ``dictionary(_:)``.
    public var dictionaryValue: [String: PrefValue]? {
        if case .dictionary(let value) = self { value } else { nil }
    }

    /// This value as a value of `kind`: itself if it already has that kind, the same
    /// number as a double if it is an integer and `kind` is ``Kind/double``, else nil.
    /// Only the value itself is converted, not the elements of a list or dictionary.
    public func converted(to kind: Kind) -> PrefValue? {
        if self.kind == kind { return self }
        if case .int(let value) = self, kind == .double { return .double(Double(value)) }
        return nil
    }

    /// Whether the value can be written as JSON: every double in it is finite.
    public var isRepresentableInJSON: Bool {
        switch self {
        case .bool, .int, .string: true
        case .double(let value): value.isFinite
        case .list(let elements): elements.allSatisfy(\.isRepresentableInJSON)
        case .dictionary(let entries): entries.values.allSatisfy(\.isRepresentableInJSON)
        }
    }

    // MARK: JSON

    /// Reads a value from JSON text. Integers stay integers (`3` is ``int(_:)``, `3.0`
    /// and `3e0` are ``double(_:)``); `null` anywhere is an error, as is anything but a
    /// single JSON value.
    public init(json: String) throws(JSONParseError) {
        let document = try JSONParser.parse(Array(json.utf8))
        guard let value = PrefValue(document) else { throw JSONParseError("null is not a pref value") }
        self = value
    }

    /// The value as compact JSON text, with dictionary keys sorted. A double that is not
    /// finite (see ``isRepresentableInJSON``) is written as `null`.
    public var json: String { jsonValue.serialized() }

    /// The value converted from a JSON document; nil if the document contains `null`.
    init?(_ document: JSONValue) {
        switch document {
        case .null: return nil
        case .bool(let value): self = .bool(value)
        case .int(let value): self = .int(value)
        case .double(let value): self = .double(value)
        case .string(let value): self = .string(value)
        case .array(let elements):
            var values: [PrefValue] = []
            values.reserveCapacity(elements.count)
            for element in elements {
                guard let value = PrefValue(element) else { return nil }
                values.append(value)
            }
            self = .list(values)
        case .object(let members):
            var values: [String: PrefValue] = [:]
            values.reserveCapacity(members.count)
            for (key, member) in members {
                guard let value = PrefValue(member) else { return nil }
                values[key] = value
            }
            self = .dictionary(values)
        }
    }

    /// The value as a JSON document.
    var jsonValue: JSONValue {
        switch self {
        case .bool(let value): .bool(value)
        case .int(let value): .int(value)
        case .double(let value): .double(value)
        case .string(let value): .string(value)
        case .list(let elements): .array(elements.map(\.jsonValue))
        case .dictionary(let entries): .object(entries.mapValues(\.jsonValue))
        }
    }
}

extension PrefValue: CustomStringConvertible {
    /// The value as JSON text.
    public var description: String { json }
}

extension PrefValue: ExpressibleByBooleanLiteral {
    /// Creates a ``bool(_:)``.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension PrefValue: ExpressibleByIntegerLiteral {
    /// Creates an ``int(_:)``.
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension PrefValue: ExpressibleByFloatLiteral {
    /// Creates a ``double(_:)``.
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension PrefValue: ExpressibleByStringLiteral {
    /// Creates a ``string(_:)``.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension PrefValue: ExpressibleByArrayLiteral {
    /// Creates a ``list(_:)``.
    public init(arrayLiteral elements: PrefValue...) { self = .list(elements) }
}

extension PrefValue: ExpressibleByDictionaryLiteral {
    /// Creates a ``dictionary(_:)``; a repeated key is a programming error.
    public init(dictionaryLiteral elements: (String, PrefValue)...) {
        self = .dictionary(Dictionary(uniqueKeysWithValues: elements))
    }
}
