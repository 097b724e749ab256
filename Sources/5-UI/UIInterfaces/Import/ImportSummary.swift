/// The end of an import as the dialog shows it: a heading and the report's lines.
public struct ImportSummary: Equatable, Sendable {
    public var heading: String
    public var lines: [String]

    public init(heading: String, lines: [String]) {
        self.heading = heading
        self.lines = lines
    }
}
