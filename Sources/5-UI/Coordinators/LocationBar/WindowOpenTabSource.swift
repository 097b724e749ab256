import Foundation
import Mediators
import Omnibox
import Profiles
import TabModel
import Web

/// The open tabs of a profile's windows for the "Switch to Tab" rows, the asking window's
/// active tab left out (switching to it would do nothing).
@MainActor
final class WindowOpenTabSource: OpenTabSource {
    private let profile: Profile
    private let webStateList: WebStateList

    init(profile: Profile, webStateList: WebStateList) {
        self.profile = profile
        self.webStateList = webStateList
    }

    var openTabs: [OpenTab] {
        let active = webStateList.activeWebState
        return LocationBarCoordinator.started(of: profile).flatMap { list in
            (0..<list.count).compactMap { index -> OpenTab? in
                let webState = list.webState(at: index)
                guard webState !== active, let url = webState.visibleURL, !WebState.isNewTabPageURL(url)
                else { return nil }
                return OpenTab(id: webState.id, title: webState.title, url: url)
            }
        }
    }
}
