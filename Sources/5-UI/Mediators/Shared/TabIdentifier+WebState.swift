public import UIInterfaces
public import Web

extension TabIdentifier {
    /// The identifier the UI knows `webState` by: its ``WebStateID``'s number.
    @MainActor public init(_ webState: WebState) { self.init(Int(webState.id.rawValue)) }
}
