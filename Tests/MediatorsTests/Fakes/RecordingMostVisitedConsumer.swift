import Foundation
import UIInterfaces

/// Records what the Most Visited mediator pushes: whether the page shows, and the tiles as
/// "host title" strings ("+icon" when a tile has a favicon).
@MainActor
final class RecordingMostVisitedConsumer: MostVisitedConsumer {
    var shown: [Bool] = []
    var tiles: [[String]] = []

    func setShown(_ shown: Bool) { self.shown.append(shown) }

    func setTiles(_ tiles: [MostVisitedTile]) {
        self.tiles.append(
            tiles.map { "\($0.url.host ?? "") \($0.title)" + ($0.favicon == nil ? "" : " +icon") })
    }
}
