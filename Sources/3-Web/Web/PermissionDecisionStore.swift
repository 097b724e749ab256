/// Where a ``PermissionRequestManager`` reads and keeps decisions per origin (a profile's
/// content settings, `HostContentSettingsMap` in Chromium). It is read at every request, so a
/// decision changed elsewhere (the site settings) applies to the next one.
@MainActor
public protocol PermissionDecisionStore: AnyObject {
    /// The decision kept for `kind` on `origin`, nil when the user is to be asked.
    func storedDecision(for kind: PermissionKind, origin: Origin) -> PermissionDecision?
    /// Keeps `decision` for `kind` on `origin`.
    func storeDecision(_ decision: PermissionDecision, for kind: PermissionKind, origin: Origin)
}
