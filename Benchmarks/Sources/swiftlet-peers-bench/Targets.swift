/// The issue's targets for Swiftlet's figures (release build, medians of this benchmark) and
/// whether each is met.
struct Targets {
    /// One target of a row: its text and the verdict.
    struct Check {
        /// The target, e.g. "≤ 0.5 s and ≤ 0.7 × fastest peer (Firefox's 0.89 s → 0.62 s)".
        var target: String
        /// "met", or by how much it is missed.
        var verdict: String
    }

    /// The figures.
    let results: Results
    /// Swiftlet's name in them.
    let swiftlet: String
    /// The peers' names.
    let peers: [String]
    /// The tab counts of the small and large restores.
    let tabs: Int
    let manyTabs: Int

    private struct Bound {
        /// The highest value that meets it.
        var limit: Double
        /// The target, e.g. "≤ 0.7 × fastest peer (Firefox's 0.89 s → 0.62 s)".
        var text: String
        /// The same, short, for the verdict: "0.7 × Firefox".
        var short: String
    }

    /// The check of `figure`, or nil when the issue sets no target for it.
    func check(_ figure: Figure) -> Check? {
        let bounds: [Bound]
        switch figure {
        case .windowMapped(let count) where count == tabs:
            bounds = [Bound(limit: 0.4, text: "≤ 0.4 s", short: "0.4 s")]
        case .activeLoaded(let count) where count == tabs:
            bounds = [Bound(limit: 0.5, text: "≤ 0.5 s", short: "0.5 s")] + relative(0.7, "fastest", figure)
        case .settledPSS(let count) where count == tabs:
            bounds =
                [Bound(limit: 250e6, text: "≤ 250 MB", short: "250 MB")] + relative(0.6, "lightest", figure)
        case .windowMapped(let count) where count == manyTabs && manyTabs != tabs:
            bounds = ownScaled(1.2, .windowMapped(tabs: tabs))
        case .activeLoaded(let count) where count == manyTabs && manyTabs != tabs:
            bounds = ownScaled(1.2, .activeLoaded(tabs: tabs))
        case .peakPSS(let count) where count == manyTabs && manyTabs != tabs:
            bounds = ownScaled(1.2, .peakPSS(tabs: tabs))
        case .settledPSS(let count) where count == manyTabs && manyTabs != tabs:
            bounds = ownScaled(1.2, .settledPSS(tabs: tabs))
        case .headlessPNG:
            bounds = relative(0.7, "fastest", figure)
        case .discardedSettledPSS:
            bounds = ownScaled(1.3, .openSettledPSS(tabs: 1), what: "the 1-tab figure")
        case .tabSwitchCPU:
            bounds = [Bound(limit: 16, text: "≤ 16 ms", short: "16 ms")]
        case .typedLoaded(.on), .typedPainted(.on):
            bounds = named(0.3, ["Firefox", "Epiphany"], figure) + named(1, ["Chromium"], figure)
        case .keystrokeRowsCPU:
            bounds = [Bound(limit: 2, text: "≤ 2 ms", short: "2 ms")]
        case .keystrokeRowsCPUP99:
            bounds = [Bound(limit: 8, text: "≤ 8 ms", short: "8 ms")]
        default:
            return nil
        }
        let target = bounds.map(\.text).joined(separator: " and ")
        guard !bounds.isEmpty else { return Check(target: "—", verdict: "—") }
        guard let value = results.median(figure, swiftlet) else { return Check(target: target, verdict: "—") }
        let missed = bounds.filter { value > $0.limit }.map { bound in
            "\(TableFormat.value(value - bound.limit, figure.unit)) over \(bound.short)"
        }
        return Check(
            target: target, verdict: missed.isEmpty ? "met" : "missed by " + missed.joined(separator: ", by ")
        )
    }

    /// `factor` × the best peer's median of `figure` ("fastest", "lightest").
    private func relative(_ factor: Double, _ best: String, _ figure: Figure) -> [Bound] {
        let medians = peers.compactMap { peer in results.median(figure, peer).map { (peer, $0) } }
        guard let (peer, value) = medians.min(by: { $0.1 < $1.1 }) else { return [] }
        let factorText = TableFormat.factor(factor)
        return [
            Bound(
                limit: factor * value,
                text: "≤ \(factorText) × \(best) peer (\(peer)'s \(TableFormat.value(value, figure.unit)) → "
                    + "\(TableFormat.value(factor * value, figure.unit)))",
                short: "\(factorText) × \(peer)")
        ]
    }

    /// `factor` × each of `names`' medians of `figure` (those measured).
    private func named(_ factor: Double, _ names: [String], _ figure: Figure) -> [Bound] {
        names.compactMap { peer in
            guard peers.contains(peer), let value = results.median(figure, peer) else { return nil }
            let factorText = TableFormat.factor(factor)
            let scaled = factor == 1 ? "" : " → \(TableFormat.value(factor * value, figure.unit))"
            return Bound(
                limit: factor * value,
                text:
                    "≤ \(factor == 1 ? "" : "\(factorText) × ")\(peer)'s \(TableFormat.value(value, figure.unit))\(scaled)",
                short: factor == 1 ? peer : "\(factorText) × \(peer)")
        }
    }

    /// `factor` × Swiftlet's own median of `base`.
    private func ownScaled(_ factor: Double, _ base: Figure, what: String? = nil) -> [Bound] {
        guard let value = results.median(base, swiftlet) else { return [] }
        let name = what ?? "the \(Figure.count(tabs))-tab figure"
        let factorText = TableFormat.factor(factor)
        return [
            Bound(
                limit: factor * value,
                text: "≤ \(factorText) × \(name) (\(TableFormat.value(value, base.unit)) → "
                    + "\(TableFormat.value(factor * value, base.unit)))",
                short: "\(factorText) × \(name)")
        ]
    }
}
