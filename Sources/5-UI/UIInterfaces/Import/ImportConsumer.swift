/// What the Import mediator tells the Import dialog.
@MainActor
public protocol ImportConsumer: AnyObject {
    /// The sources found on this machine, in the order ``ImportCommands/importSource(at:)`` takes.
    func setSources(_ sources: [ImportSourceItem])
    /// An import runs: how far it got, from 0 to 1.
    func setImportProgress(_ fraction: Double)
    /// The import ended.
    func importFinished(_ summary: ImportSummary)
}
