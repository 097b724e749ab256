/// What the Most Visited mediator pushes to a regular window's new tab page: whether it
/// shows (``NewTabPageConsumer``) and its sites.
@MainActor
public protocol MostVisitedConsumer: NewTabPageConsumer {
    /// The sites, most visited first.
    func setTiles(_ tiles: [MostVisitedTile])
}
