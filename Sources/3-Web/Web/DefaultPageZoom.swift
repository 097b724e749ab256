import Base

/// The zoom factor pages of an engine context open at, unless their tab has a zoom of its
/// own: the default half of Chromium's `HostZoomMap` (content/public/browser/host_zoom_map.h,
/// its `Get`/`SetDefaultZoomLevel`), kept per context as Chromium keeps one per storage
/// partition. Zoom here is per tab, not per host, so there is no per-host half. Realized
/// WebStates that follow the default watch it and take each new factor at once.
@MainActor
public final class DefaultPageZoom {
    /// The factor (1 is 100%).
    public var factor: Double = 1 {
        didSet {
            precondition(factor > 0, "DefaultPageZoom.factor: \(factor) is not a zoom factor")
            if factor != oldValue { followers.forEach { $0.defaultPageZoomChanged(self) } }
        }
    }

    private let followers = ObserverList<any DefaultPageZoomFollower>()

    public init() {}

    /// Tells `follower` (held weakly) of every new factor.
    public func addFollower(_ follower: any DefaultPageZoomFollower) { followers.add(follower) }

    public func removeFollower(_ follower: any DefaultPageZoomFollower) { followers.remove(follower) }
}

/// What takes a context's new default zoom factor.
@MainActor
public protocol DefaultPageZoomFollower: AnyObject {
    func defaultPageZoomChanged(_ zoom: DefaultPageZoom)
}
