/// The windows' style: the desktop's, or always light, or always dark (libadwaita's
/// `AdwColorScheme`, as GNOME Web and Chromium offer it).
public enum ColorScheme: Int, CaseIterable, Sendable {
    /// The desktop's preference (light when it has none).
    case system = 0
    case light = 1
    case dark = 2

    /// Its name in the preferences window.
    public var name: String {
        switch self {
        case .system: "Follow the System"
        case .light: "Light"
        case .dark: "Dark"
        }
    }
}
