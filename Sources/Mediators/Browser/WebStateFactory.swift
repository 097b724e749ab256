public import Web

/// Makes a new, empty WebState for a new tab (bound to the window's profile, which the
/// mediator using it does not see).
public typealias WebStateFactory = @MainActor () -> WebState
