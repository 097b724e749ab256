/// The generic font families a page falls back on, which the preferences choose.
public enum FontKind: CaseIterable, Sendable {
    case sansSerif
    case serif
    case monospace

    /// Its row's title.
    public var name: String {
        switch self {
        case .sansSerif: "Sans-Serif Font"
        case .serif: "Serif Font"
        case .monospace: "Monospace Font"
        }
    }

    /// The fontconfig name of the desktop's font of the kind, shown while the engine's default
    /// is used.
    public var genericFamily: String {
        switch self {
        case .sansSerif: "Sans"
        case .serif: "Serif"
        case .monospace: "Monospace"
        }
    }
}
