public import Web

extension HostContentSettingsMap: PermissionDecisionStore {
    /// Allow or Block as kept for the kind's content settings type; nil for Ask and for kinds
    /// that are never kept.
    public func storedDecision(for kind: PermissionKind, origin: Origin) -> PermissionDecision? {
        guard let type = ContentSettingsType(kind) else { return nil }
        switch contentSetting(for: origin, type: type) {
        case .allow: return .allow
        case .block: return .deny
        case .ask: return nil
        }
    }

    /// Keeps Allow or Block for the kind's content settings type; nothing for a kind that is
    /// never kept.
    public func storeDecision(_ decision: PermissionDecision, for kind: PermissionKind, origin: Origin) {
        guard let type = ContentSettingsType(kind) else { return }
        setContentSetting(decision == .allow ? .allow : .block, for: origin, type: type)
    }
}
