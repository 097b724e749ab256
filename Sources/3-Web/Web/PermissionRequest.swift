/// A page's request for permissions, as a plain value (Chromium's
/// `permissions::PermissionRequest`, `components/permissions/permission_request.h`): the
/// engine turns its own request into one and answers it with the ``PermissionDecision`` its
/// delegate gives.
public struct PermissionRequest: Sendable, Equatable {
    /// What is asked, in order; more than one when a page asks for several at once (the
    /// camera and the microphone of one `getUserMedia()`), which one prompt answers.
    public var kinds: [PermissionKind]
    /// The origin of the page that asks, nil for a page without one (`file:`, `about:`).
    public var origin: Origin?

    public init(_ kinds: [PermissionKind], origin: Origin?) {
        self.kinds = kinds
        self.origin = origin
    }

    /// What the prompt says: "127.0.0.1:8000 wants to use your camera and use your
    /// microphone".
    public var message: String {
        let phrases = kinds.map(\.promptPhrase)
        let what =
            phrases.count <= 1
            ? phrases.joined() : phrases.dropLast().joined(separator: ", ") + " and " + phrases.last!
        return "\(origin?.displayName ?? "This page") wants to \(what)"
    }
}
