/// A window recorded in the ``OpenSceneRegistry``: which session it shows, in which profile.
public struct OpenScene: Equatable, Sendable {
    /// The window's session identifier (its directory under the profile's session storage).
    public var sessionID: String
    /// The name of the profile it belongs to.
    public var profileName: String
    /// Whether it is an incognito window (its session lives under the profile's `OTR/`).
    public var isIncognito: Bool

    public init(sessionID: String, profileName: String, isIncognito: Bool = false) {
        self.sessionID = sessionID
        self.profileName = profileName
        self.isIncognito = isIncognito
    }
}
