public import Foundation

/// What the user does with the new tab page's Most Visited grid.
@MainActor
public protocol MostVisitedCommands: AnyObject {
    /// Opens the site of a tile in the active tab.
    func openMostVisited(_ url: URL)
    /// Removes the site of a tile from the grid for good.
    func removeMostVisited(_ url: URL)
}
