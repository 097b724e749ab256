import Testing

/// A recorded signal sequence (after `before`, whose outputs are not checked) and the
/// outputs it must produce. The sequences were recorded from WebKitGTK in the engine's
/// own tests (``SignalScript`` describes the tokens).
struct RecordedCase: Sendable, CustomTestStringConvertible {
    let name: String
    let before: String
    let signals: String
    let outputs: [String]

    init(_ name: String, before: String = "", _ signals: String, _ outputs: [String]) {
        self.name = name
        self.before = before
        self.signals = signals
        self.outputs = outputs
    }

    var testDescription: String { name }
}
