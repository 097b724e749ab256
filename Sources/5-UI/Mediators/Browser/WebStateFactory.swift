public import Foundation
public import Web

/// Makes a new, empty WebState for a new tab (bound to the window's profile, which the
/// mediator using it does not see); the mediator loads `url` in it next
/// (``WebState/CreateParams/url``).
public typealias WebStateFactory = @MainActor (_ url: URL) -> WebState
