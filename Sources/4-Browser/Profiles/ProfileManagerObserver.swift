/// Observes a ``ProfileManager``. Every method has an empty default.
@MainActor
public protocol ProfileManagerObserver: AnyObject {
    /// A profile was created or loaded.
    func profileAdded(_ profile: Profile)
    /// A profile is about to be destroyed.
    func profileWillBeDestroyed(_ profile: Profile)
}

extension ProfileManagerObserver {
    /// Does nothing.
    public func profileAdded(_ profile: Profile) {}
    /// Does nothing.
    public func profileWillBeDestroyed(_ profile: Profile) {}
}
