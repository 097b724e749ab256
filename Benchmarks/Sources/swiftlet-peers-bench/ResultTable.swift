/// The side-by-side table in Markdown: one row a figure, Swiftlet's median with the issue's
/// target and verdict, then each peer's median and its ratio to Swiftlet's. Notes (n/a and
/// their reasons, runs that ended at the time limit) are numbered under the table.
struct ResultTable {
    /// The figures.
    let results: Results
    /// The rows, in order.
    let rows: [Figure]
    /// Swiftlet's name in the results.
    let swiftlet: String
    /// The peers' names, in column order.
    let peers: [String]
    /// The targets.
    let targets: Targets
    /// The length of the lazy-restore window, for its row's title.
    let lazyWindowSeconds: Int

    /// The table and its notes, as lines.
    func lines() -> [String] {
        var noteTexts: [String] = []
        func mark(_ note: String?) -> String {
            guard let note else { return "" }
            if let index = noteTexts.firstIndex(of: note) { return " [\(index + 1)]" }
            noteTexts.append(note)
            return " [\(noteTexts.count)]"
        }
        var lines = [
            "| figure (median) | Swiftlet | target | verdict | " + peers.joined(separator: " | ") + " |",
            "| --- | --- | --- | --- | " + peers.map { _ in "---" }.joined(separator: " | ") + " |",
        ]
        for figure in rows {
            let own = results.median(figure, swiftlet)
            var cells = [figure.title(lazyWindowSeconds: lazyWindowSeconds)]
            cells.append(cell(own, figure, swiftlet) + mark(results.note(figure, swiftlet)))
            let check = targets.check(figure)
            cells.append(check?.target ?? "—")
            cells.append(check?.verdict ?? "—")
            for peer in peers {
                var text = cell(results.median(figure, peer), figure, peer)
                if let value = results.median(figure, peer), let own, figure.unit != .count {
                    text += " " + TableFormat.ratio(value, own)
                }
                cells.append(text + mark(results.note(figure, peer)))
            }
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        lines.append("")
        lines.append(
            "Ratios are the peer's figure over Swiftlet's (above 1: Swiftlet is faster or lighter).")
        if !noteTexts.isEmpty { lines.append("") }
        for (index, note) in noteTexts.enumerated() { lines.append("- [\(index + 1)] \(note)") }
        return lines
    }

    private func cell(_ value: Double?, _ figure: Figure, _ browser: String) -> String {
        guard let value else { return results.note(figure, browser) == nil ? "—" : "n/a" }
        return TableFormat.value(value, figure.unit)
    }
}
