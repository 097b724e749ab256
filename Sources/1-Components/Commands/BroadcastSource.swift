/// An object whose properties can be published by a ``Broadcaster``.
///
/// The source tells broadcasters about changes explicitly: after any property that may be
/// broadcast changed, it calls ``BroadcastNotifier/valuesDidChange()`` on its
/// ``broadcastNotifier``, typically from the property's `didSet`:
///
/// ```swift
/// final class ToolbarViewController: BroadcastSource {
///     let broadcastNotifier = BroadcastNotifier()
///     var height = 0.0 { didSet { broadcastNotifier.valuesDidChange() } }
/// }
/// ```
///
/// Each broadcaster then re-reads the key paths it publishes from this source, at once,
/// and sends the values that differ from the last ones it sent.
@MainActor
public protocol BroadcastSource: AnyObject {
    /// The notifier this object fires after a property that may be broadcast changed.
    var broadcastNotifier: BroadcastNotifier { get }
}
