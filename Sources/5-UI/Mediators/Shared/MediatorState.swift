/// Whether a mediator still works: after `disconnect()` every use of it is a programming
/// error, reported with the mediator's and the method's names.
struct MediatorState {
    private let typeName: String
    private(set) var isDisconnected = false

    init(_ typeName: String) { self.typeName = typeName }

    /// Fails if the mediator was disconnected.
    func check(_ function: String) {
        precondition(!isDisconnected, "\(typeName).\(function) used after disconnect()")
    }

    /// Marks the mediator disconnected; disconnecting twice is a programming error.
    mutating func disconnect() {
        check("disconnect()")
        isDisconnected = true
    }
}
