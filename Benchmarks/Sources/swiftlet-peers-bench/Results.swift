import BenchmarkSupport

/// The figures of every run, by row and browser, and what to say where a browser has none or
/// a run ended early.
struct Results {
    private var values: [Figure: [String: [Double]]] = [:]
    private var notes: [Figure: [String: String]] = [:]

    /// Adds one run's value.
    mutating func record(_ value: Double, _ figure: Figure, _ browser: String) {
        values[figure, default: [:]][browser, default: []].append(value)
    }

    /// Says why `browser` has no figure for `figure` (or what to know about it).
    mutating func note(_ text: String, _ figure: Figure, _ browser: String) {
        notes[figure, default: [:]][browser] = text
    }

    /// Every value of `figure` for `browser`.
    func values(_ figure: Figure, _ browser: String) -> [Double] { values[figure]?[browser] ?? [] }

    /// The median of `figure` for `browser`, if it has values.
    func median(_ figure: Figure, _ browser: String) -> Double? {
        let all = values(figure, browser)
        return all.isEmpty ? nil : Figures.median(all)
    }

    /// The note on `figure` for `browser`.
    func note(_ figure: Figure, _ browser: String) -> String? { notes[figure]?[browser] }
}
