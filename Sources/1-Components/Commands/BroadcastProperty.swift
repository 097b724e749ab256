/// A named property of the user interface that a ``Broadcaster`` publishes, such as the
/// toolbar height or whether the tab strip is visible.
///
/// A property is identified by its name; its value type is part of its declaration, so a
/// source and its observers agree on it at compile time. Declare shared properties as
/// static members (computed, since generic types cannot have static stored properties):
///
/// ```swift
/// extension BroadcastProperty where Value == Double {
///     static var toolbarHeight: Self { Self("toolbarHeight") }
/// }
/// ```
public struct BroadcastProperty<Value: Equatable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    /// The name that identifies the property in a ``Broadcaster``.
    public let name: String

    /// A property called `name`, whose values are of type `Value`.
    public init(_ name: String) { self.name = name }

    /// The property's name.
    public var description: String { name }
}
