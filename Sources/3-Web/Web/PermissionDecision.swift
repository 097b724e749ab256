/// The answer to a ``PermissionRequest``.
public enum PermissionDecision: String, Sendable, Equatable {
    case allow
    case deny
}
