/// A coordinator (Chromium's ChromeCoordinator, `ios/clean/README.md`): creates its view controller and
/// mediator, connects them, starts and stops its children, and handles only commands that
/// start or stop coordinators — or forward a command to their mediator (`ios/clean/README.md`: "coordinators
/// can have methods dispatch to their mediator"). Coordinators form one tree from the
/// ``AppCoordinator``.
@MainActor
open class Coordinator {
    /// The started children, in the order they were started.
    public private(set) var children: [Coordinator] = []
    /// Whether ``start()`` ran and ``stop()`` has not.
    public private(set) var isStarted = false

    public init() {}

    /// Creates and connects what the coordinator owns. Subclasses call `super.start()` first.
    open func start() {
        precondition(!isStarted, "\(type(of: self)).start: already started")
        isStarted = true
    }

    /// Stops the children (last first) and disconnects what the coordinator owns. Subclasses
    /// call `super.stop()` last.
    open func stop() {
        precondition(isStarted, "\(type(of: self)).stop: not started")
        for child in children.reversed() { child.stop() }
        children.removeAll()
        isStarted = false
    }

    /// Starts `child` and keeps it.
    public func startChild(_ child: Coordinator) {
        child.start()
        children.append(child)
    }

    /// Stops `child` and forgets it.
    public func stopChild(_ child: Coordinator) {
        guard let index = children.firstIndex(where: { $0 === child }) else {
            preconditionFailure("\(type(of: self)).stopChild: \(type(of: child)) is not a child")
        }
        children.remove(at: index)
        child.stop()
    }
}
