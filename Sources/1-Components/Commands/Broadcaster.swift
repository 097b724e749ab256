/// Publishes values of objects as named properties of the user interface (Chromium's
/// ChromeBroadcaster), so that observers can follow, say, the toolbar height without
/// knowing which object provides it.
///
/// - A property is published from one source at a time: ``broadcast(_:from:at:)`` reads a
///   key path of a ``BroadcastSource``. Publishing a property that already has a live
///   source is a programming error (it fails loudly).
/// - Changes are signalled explicitly and delivered synchronously: when the source calls
///   ``BroadcastNotifier/valuesDidChange()``, the broadcaster re-reads the key path at once
///   and, if the value differs from the last one sent, sends it to the observers before
///   that call returns. Unchanged values are not re-sent.
/// - When a source starts, the observers already there get its current value at once.
///   An observer added while the property is published gets the current value at once.
/// - ``stopBroadcasting(_:)`` keeps the observers; they get values again when a new
///   source starts.
/// - Sources and observers are held weakly; a source that has been deallocated counts as
///   stopped, and an observer that has been deallocated is dropped.
/// - When the broadcaster is deallocated, every broadcast stops and no observer is
///   called again.
///
/// A property is identified by its name; using one name with two value types is a
/// programming error.
///
/// Delivery is reentrant-safe: if an observer changes the source while being notified,
/// the newer value is sent to every observer and the older delivery stops, so every
/// observer ends with the latest value.
@MainActor
public final class Broadcaster {
    private var channels: [String: any ErasedChannel] = [:]

    /// Creates a broadcaster with no source and no observer.
    public init() {}

    isolated deinit {
        for channel in channels.values {
            channel.stopBroadcasting()
        }
    }

    /// Publishes the value at `keyPath` of `source` as `property`.
    ///
    /// The observers of `property` get the current value before this returns, then every
    /// change signalled by `source` (see ``BroadcastSource``). `source` is held weakly. It is
    /// a programming error if `property` already has a live source.
    public func broadcast<Source: BroadcastSource, Value>(
        _ property: BroadcastProperty<Value>, from source: Source, at keyPath: KeyPath<Source, Value>
    ) {
        channel(for: property, creating: true)?.startBroadcasting(
            from: source,
            notifier: source.broadcastNotifier,
            read: { object in (object as! Source)[keyPath: keyPath] })
    }

    /// Stops publishing `property`; its observers stay registered. A no-op if `property`
    /// is not being published.
    public func stopBroadcasting<Value>(_ property: BroadcastProperty<Value>) {
        guard let channel = channel(for: property, creating: false) else { return }
        channel.stopBroadcasting()
        removeIfUnused(channel, named: property.name)
    }

    /// Whether `property` has a live source.
    public func isBroadcasting<Value>(_ property: BroadcastProperty<Value>) -> Bool {
        channel(for: property, creating: false)?.currentValue != nil
    }

    /// The last value sent for `property`, or `nil` if it is not being published.
    public func currentValue<Value>(of property: BroadcastProperty<Value>) -> Value? {
        channel(for: property, creating: false)?.currentValue
    }

    /// Registers `observer` for `property`: `onValue` is called with the observer and each
    /// new value. If `property` is being published, `onValue` is called with the current
    /// value before this returns.
    ///
    /// `observer` is held weakly and passed back to `onValue`, so `onValue` need not
    /// capture it. Adding an observer twice for one property is a programming error.
    public func addObserver<Observer: AnyObject, Value>(
        _ observer: Observer, for property: BroadcastProperty<Value>,
        _ onValue: @escaping (Observer, Value) -> Void
    ) {
        channel(for: property, creating: true)?.addObserver(observer) { object, value in
            onValue(object as! Observer, value)
        }
    }

    /// Unregisters `observer` for `property`; a no-op if it is not registered.
    public func removeObserver<Value>(_ observer: AnyObject, for property: BroadcastProperty<Value>) {
        guard let channel = channel(for: property, creating: false) else { return }
        channel.removeObserver(observer)
        removeIfUnused(channel, named: property.name)
    }

    /// Unregisters `observer` for every property.
    public func removeObserver(_ observer: AnyObject) {
        for (name, channel) in channels {
            channel.removeObserver(observer)
            removeIfUnused(channel, named: name)
        }
    }

    /// Whether `observer` is registered for `property`.
    public func hasObserver<Value>(_ observer: AnyObject, for property: BroadcastProperty<Value>) -> Bool {
        channel(for: property, creating: false)?.hasObserver(observer) ?? false
    }

    private func channel<Value>(for property: BroadcastProperty<Value>, creating: Bool) -> Channel<Value>? {
        if let existing = channels[property.name] {
            guard let channel = existing as? Channel<Value> else {
                preconditionFailure(
                    "Broadcaster: property \"\(property.name)\" is used with two value types, "
                        + "\(existing.valueTypeName) and \(String(reflecting: Value.self))")
            }
            return channel
        }
        guard creating else { return nil }
        let channel = Channel<Value>(name: property.name)
        channels[property.name] = channel
        return channel
    }

    private func removeIfUnused(_ channel: any ErasedChannel, named name: String) {
        if channel.isUnused, channels[name] === channel {
            channels[name] = nil
        }
    }
}

/// The state of one property, whatever its value type.
@MainActor
private protocol ErasedChannel: AnyObject {
    var valueTypeName: String { get }
    /// Whether the property has neither a live source nor a live observer.
    var isUnused: Bool { get }
    func stopBroadcasting()
    func removeObserver(_ observer: AnyObject)
    func hasObserver(_ observer: AnyObject) -> Bool
}

/// The source and observers of one property.
@MainActor
private final class Channel<Value: Equatable & Sendable>: ErasedChannel {
    private final class Source {
        weak var object: AnyObject?
        weak var notifier: BroadcastNotifier?
        let read: (AnyObject) -> Value
        var subscription = 0
        var value: Value

        init(object: AnyObject, notifier: BroadcastNotifier, read: @escaping (AnyObject) -> Value) {
            self.object = object
            self.notifier = notifier
            self.read = read
            value = read(object)
        }
    }

    private final class Observer {
        weak var object: AnyObject?
        let onValue: (AnyObject, Value) -> Void
        var isRemoved = false

        init(object: AnyObject, onValue: @escaping (AnyObject, Value) -> Void) {
            self.object = object
            self.onValue = onValue
        }
    }

    private let name: String
    private var source: Source?
    private var observers: [Observer] = []
    /// Bumped at each delivery, so that a delivery overtaken by a newer one stops.
    private var generation = 0

    init(name: String) { self.name = name }

    var valueTypeName: String { String(reflecting: Value.self) }

    var isUnused: Bool { liveSource == nil && !observers.contains { $0.object != nil } }

    /// The value last sent, if the property has a live source.
    var currentValue: Value? { liveSource?.value }

    /// The source, dropped if it has been deallocated.
    private var liveSource: Source? {
        guard let source else { return nil }
        guard source.object != nil else {
            stopBroadcasting()
            return nil
        }
        return source
    }

    func startBroadcasting(
        from object: AnyObject, notifier: BroadcastNotifier, read: @escaping (AnyObject) -> Value
    ) {
        if let existing = liveSource?.object {
            preconditionFailure(
                "Broadcaster: property \"\(name)\" is already broadcast from a \(type(of: existing)); "
                    + "stop broadcasting it before starting another source")
        }
        let source = Source(object: object, notifier: notifier, read: read)
        source.subscription = notifier.subscribe { [weak self, weak source] in
            guard let self, let source else { return }
            self.sourceDidChange(source)
        }
        self.source = source
        deliver(source.value)
    }

    func stopBroadcasting() {
        guard let source else { return }
        self.source = nil
        source.notifier?.unsubscribe(source.subscription)
    }

    func addObserver(_ object: AnyObject, onValue: @escaping (AnyObject, Value) -> Void) {
        precondition(
            !hasObserver(object),
            "Broadcaster: \(type(of: object)) is already an observer of property \"\(name)\"")
        observers.append(Observer(object: object, onValue: onValue))
        if let value = currentValue {
            onValue(object, value)
        }
    }

    func removeObserver(_ object: AnyObject) {
        for observer in observers where observer.object === object {
            observer.isRemoved = true
        }
        observers.removeAll { $0.isRemoved || $0.object == nil }
    }

    func hasObserver(_ object: AnyObject) -> Bool {
        observers.contains { !$0.isRemoved && $0.object === object }
    }

    private func sourceDidChange(_ changed: Source) {
        guard changed === source, let object = changed.object else { return }
        let value = changed.read(object)
        guard value != changed.value else { return }
        changed.value = value
        deliver(value)
    }

    /// Sends `value` to the observers registered now, unless a newer delivery overtakes it.
    private func deliver(_ value: Value) {
        generation += 1
        let delivery = generation
        var sawDeallocated = false
        for observer in observers {
            guard generation == delivery else { return }
            guard !observer.isRemoved else { continue }
            guard let object = observer.object else {
                sawDeallocated = true
                continue
            }
            observer.onValue(object, value)
        }
        if sawDeallocated {
            observers.removeAll { $0.object == nil }
        }
    }
}
