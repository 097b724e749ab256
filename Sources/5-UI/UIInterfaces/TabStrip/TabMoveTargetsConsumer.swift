/// What the scene mediator pushes to a window's tab strip: the other windows of the profile,
/// which a tab's "Move to Window" menu offers, and the strip's own window.
@MainActor
public protocol TabMoveTargetsConsumer: AnyObject {
    /// The windows a tab of this window can move to, in order (empty: the submenu is hidden).
    func setMoveTargets(_ targets: [TabMoveTarget])
    /// This window: a tab of another window dropped on this strip is moved here with it.
    func setWindow(_ window: WindowIdentifier)
}
