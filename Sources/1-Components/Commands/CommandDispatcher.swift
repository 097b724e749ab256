/// Routes command protocols to the objects that handle them (Chromium's CommandDispatcher).
///
/// A command protocol is a protocol of "command-ish" methods, such as `BrowserCommands`
/// with `openNewTab()`. Coordinators (or the mediators they own) register themselves to
/// handle whole protocols; other objects reach them through the dispatcher without
/// knowing who they are. The dispatcher is for commands only: observation goes through a
/// ``Broadcaster`` or model observers.
///
/// Protocols are identified by their existential metatype, e.g. `(any BrowserCommands).self`.
/// The granularity is the protocol: inherited protocols are not followed, so a handler
/// registered for a protocol `P` refining `Q` is only found through `P` (register it for
/// `Q` too if callers look it up by `Q`).
///
/// Handlers are held weakly: a handler that has been deallocated counts as not
/// registered. Registering a protocol that already has a live handler is a programming
/// error, and so is looking up a handler that is not registered (both fail loudly).
///
/// Three ways to reach a handler:
/// - ``dispatch(_:_:)`` runs a closure with the handler. Before ``prepareForShutdown()``
///   a missing handler fails loudly; after it, the call is a silent no-op. This is how
///   Chromium's "calls to stopped targets become no-ops during shutdown" is expressed in
///   Swift, where the dispatcher cannot stand in for an arbitrary protocol itself.
/// - ``sender(for:)`` returns a ``CommandSender`` that does the same lookup at each call,
///   for objects (view controllers) that should be handed one protocol and no more.
/// - ``handler(for:)`` returns the handler itself, typed as the protocol. It always fails
///   loudly when nothing is registered (there is no value it could return instead), so
///   code that can run during shutdown should use ``dispatch(_:_:)``. Do not keep the
///   returned handler: that would hold it strongly and bypass later re-registrations.
@MainActor
public final class CommandDispatcher {
    private struct Registration {
        weak var target: AnyObject?
    }

    private var registrations: [ObjectIdentifier: Registration] = [:]

    /// Whether ``prepareForShutdown()`` has been called.
    public private(set) var isPreparedForShutdown = false

    /// Creates a dispatcher with no handler.
    public init() {}

    /// Makes `target` the handler of `command`, a command protocol such as
    /// `(any BrowserCommands).self`.
    ///
    /// `target` is held weakly and must be a class instance (checked loudly); its
    /// conformance to `command` is checked by the compiler. It is a programming error to
    /// register a protocol that already has a live handler, even the same one.
    public func startDispatching<Command>(_ command: Command.Type, to target: Command) {
        let dynamicType = type(of: target as Any)
        precondition(
            dynamicType is AnyClass,
            "CommandDispatcher: the handler of \(Self.name(of: command)) must be a class instance, "
                + "not a \(dynamicType) value")
        let key = ObjectIdentifier(command)
        if let existing = registrations[key]?.target {
            preconditionFailure(
                "CommandDispatcher: \(Self.name(of: command)) is already dispatched to a "
                    + "\(type(of: existing)); stop dispatching it before registering another handler")
        }
        registrations[key] = Registration(target: target as AnyObject)
    }

    /// Stops dispatching `command`. A no-op if it has no handler.
    public func stopDispatching<Command>(for command: Command.Type) {
        registrations[ObjectIdentifier(command)] = nil
    }

    /// Stops dispatching every protocol that `target` handles.
    public func stopDispatching(to target: AnyObject) {
        registrations = registrations.filter { _, registration in
            guard let registered = registration.target else { return false }
            return registered !== target
        }
    }

    /// Whether `command` has a live handler.
    public func isDispatching<Command>(for command: Command.Type) -> Bool {
        handlerIfRegistered(for: command) != nil
    }

    /// The handler of `command`, typed as the protocol, or `nil` if it has none.
    public func handlerIfRegistered<Command>(for command: Command.Type) -> Command? {
        let key = ObjectIdentifier(command)
        guard let registration = registrations[key] else { return nil }
        guard let target = registration.target else {
            registrations[key] = nil
            return nil
        }
        // Only targets that conform to `command` are registered, so this cast succeeds.
        return target as? Command
    }

    /// The handler of `command`, typed as the protocol.
    ///
    /// Fails loudly, naming the protocol, if `command` has no live handler, also after
    /// ``prepareForShutdown()``. Use ``dispatch(_:_:)`` where that may happen.
    public func handler<Command>(for command: Command.Type) -> Command {
        guard let handler = handlerIfRegistered(for: command) else {
            preconditionFailure("CommandDispatcher: no handler is registered for \(Self.name(of: command))")
        }
        return handler
    }

    /// Runs `body` with the handler of `command` and returns its result, e.g.
    /// `dispatcher.dispatch((any BrowserCommands).self) { $0.openNewTab() }`.
    ///
    /// If `command` has no live handler this fails loudly, naming the protocol, unless
    /// ``prepareForShutdown()`` has been called: then `body` is not run and the result is
    /// `nil`.
    @discardableResult
    public func dispatch<Command, Result>(
        _ command: Command.Type, _ body: (Command) throws -> Result
    ) rethrows -> Result? {
        guard let handler = handlerIfRegistered(for: command) else {
            precondition(
                isPreparedForShutdown,
                "CommandDispatcher: no handler is registered for \(Self.name(of: command))")
            return nil
        }
        return try body(handler)
    }

    /// A ``CommandSender`` that dispatches `command` through this dispatcher.
    public func sender<Command>(for command: Command.Type) -> CommandSender<Command> {
        CommandSender(command, dispatcher: self)
    }

    /// Enters shutdown mode: from now on, ``dispatch(_:_:)`` (and ``CommandSender``) calls
    /// for protocols whose handler stopped or is gone do nothing instead of failing.
    ///
    /// Registration and lookup otherwise work as before.
    public func prepareForShutdown() {
        isPreparedForShutdown = true
    }

    private static func name(of command: Any.Type) -> String {
        String(reflecting: command)
    }
}
