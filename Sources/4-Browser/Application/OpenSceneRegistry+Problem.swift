extension OpenSceneRegistry {
    /// A window record of `Local State` that the registry could not take as it was, and what
    /// it did instead.
    public enum Problem: Hashable, Sendable, CustomStringConvertible {
        /// The record's session id cannot name a session directory
        /// (`SessionLayout.isUsableSessionID`): the record is skipped. `list` is the pref
        /// holding it.
        case unusableSessionID(String, list: String)
        /// The window is recorded more than once in `list`: it is kept once.
        case repeated(sessionID: String, list: String)
        /// The record at `index` of `list` is not a dictionary with a session id and a
        /// profile name: it is skipped.
        case malformedRecord(index: Int, list: String)

        /// The sentence for the log.
        public var description: String {
            switch self {
            case .unusableSessionID(let id, let list):
                "Local State: \(list): session id \(id.debugDescription) cannot name a session directory; "
                    + "the record is skipped"
            case .repeated(let id, let list):
                "Local State: \(list): window \(id.debugDescription) is recorded more than once; kept once"
            case .malformedRecord(let index, let list):
                "Local State: \(list): record \(index) has no session id and profile; skipped"
            }
        }
    }
}
