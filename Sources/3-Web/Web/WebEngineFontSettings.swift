/// The fonts pages are drawn with where they name none of their own (CSS's generic
/// families), and the smallest text size any page gets. An empty family is the engine's
/// default; the defaults are the engine's own.
public struct WebEngineFontSettings: Equatable, Sendable {
    /// The `sans-serif` family, which is also the default font.
    public var sansSerifFamily: String
    /// The `serif` family.
    public var serifFamily: String
    /// The `monospace` family.
    public var monospaceFamily: String
    /// The smallest font size, in CSS pixels; 0 for none.
    public var minimumSize: Int

    public init(
        sansSerifFamily: String = "", serifFamily: String = "", monospaceFamily: String = "",
        minimumSize: Int = 0
    ) {
        self.sansSerifFamily = sansSerifFamily
        self.serifFamily = serifFamily
        self.monospaceFamily = monospaceFamily
        self.minimumSize = minimumSize
    }
}
