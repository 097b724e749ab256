/// A typed key for data attached to a ``SupportsUserData`` object.
///
/// By default a key is identified by the type of its value, so `UserDataKey<FindTabHelper>()`
/// names "the FindTabHelper of this object". Give a name to attach several values of one type.
public struct UserDataKey<Value: AnyObject>: Hashable, Sendable {
    let raw: RawUserDataKey

    /// A key identified by `Value`'s type.
    public init() { raw = RawUserDataKey(type: ObjectIdentifier(Value.self), name: "") }

    /// A key identified by `Value`'s type and `name`.
    public init(_ name: String) { raw = RawUserDataKey(type: ObjectIdentifier(Value.self), name: name) }
}

struct RawUserDataKey: Hashable, Sendable {
    let type: ObjectIdentifier
    let name: String
}

/// Storage for objects whose lifetime is tied to an owner (Chromium's base::SupportsUserData).
///
/// The owner releases everything when it is destroyed (``removeAll()``).
public final class UserDataStore {
    private var values: [RawUserDataKey: AnyObject] = [:]

    public init() {}

    /// The value attached for `key`, if any.
    public func get<Value>(_ key: UserDataKey<Value>) -> Value? {
        values[key.raw].map { $0 as! Value }
    }

    /// Attaches `value` for `key`, replacing (and releasing) any previous value.
    public func set<Value>(_ value: Value, for key: UserDataKey<Value>) {
        values[key.raw] = value
    }

    /// Detaches and returns the value for `key`, if any.
    @discardableResult
    public func remove<Value>(_ key: UserDataKey<Value>) -> Value? {
        values.removeValue(forKey: key.raw).map { $0 as! Value }
    }

    /// Whether a value is attached for `key`.
    public func contains<Value>(_ key: UserDataKey<Value>) -> Bool { values[key.raw] != nil }

    /// The value for `key`, created with `make` and attached if none is attached yet.
    public func getOrCreate<Value>(_ key: UserDataKey<Value>, _ make: () throws -> Value) rethrows -> Value {
        if let existing = get(key) { return existing }
        let value = try make()
        set(value, for: key)
        return value
    }

    /// The number of attached values.
    public var count: Int { values.count }

    /// Detaches every value. Values are released in no particular order.
    public func removeAll() { values.removeAll() }
}

/// An object that carries a ``UserDataStore`` (Chromium's base::SupportsUserData).
public protocol SupportsUserData: AnyObject {
    /// The data attached to this object.
    var userData: UserDataStore { get }
}
