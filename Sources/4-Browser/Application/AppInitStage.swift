/// How far the application got in its launch sequence (Chromium's init stages, reduced to
/// what a desktop browser goes through).
public enum AppInitStage: Int, Comparable, Sendable {
    /// Nothing started.
    case start
    /// The application context runs; whether the last run crashed is known.
    case browserBasic
    /// The profile windows open in is loaded, with its services.
    case profileLoaded
    /// The windows of the last run are restored (or set aside after a crash): the UI is up.
    case final

    /// Orders the stages.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
