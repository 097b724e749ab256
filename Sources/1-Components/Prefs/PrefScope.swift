/// Whether a pref may leave the device.
public enum PrefScope: Sendable, Hashable, CaseIterable {
    /// Never synced: the pref only affects this device (all of local state, and device
    /// specific profile settings).
    case local
    /// May be synced to the user's other devices when the user has enabled sync.
    case syncable
}
