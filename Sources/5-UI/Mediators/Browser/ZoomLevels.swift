/// The zoom factors the zoom commands step through (Chromium's preset levels), and the
/// stepping itself.
public enum ZoomLevels {
    /// The preset factors, ascending; 1 is 100%.
    public static let presets: [Double] = [
        0.25, 0.33, 0.5, 0.67, 0.75, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4, 5,
    ]

    /// How close two factors must be to count as the same preset.
    static let epsilon = 0.001

    /// The next preset above `level` (`level` itself at the top).
    public static func zoomedIn(from level: Double) -> Double {
        presets.first { $0 > level + epsilon } ?? max(level, presets[presets.count - 1])
    }

    /// The next preset below `level` (`level` itself at the bottom).
    public static func zoomedOut(from level: Double) -> Double {
        presets.last { $0 < level - epsilon } ?? min(level, presets[0])
    }
}
