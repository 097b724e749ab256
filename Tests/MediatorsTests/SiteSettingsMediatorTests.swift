import ContentSettings
import Foundation
import Mediators
import Prefs
import TestSupport
import Testing
import UIInterfaces
import Web

@MainActor
final class RecordingSiteSettingsConsumer: SiteSettingsConsumer {
    var pushes: [[SiteSettingsSite]] = []
    func setSites(_ sites: [SiteSettingsSite]) { pushes.append(sites) }

    /// The last push, one line per site: "127.0.0.1:8000: Location off, Notifications on".
    var lines: [String] {
        (pushes.last ?? []).map { site in
            "\(site.name): "
                + site.permissions.map { "\($0.name) \($0.isAllowed ? "on" : "off")" }.joined(separator: ", ")
        }
    }
}

/// The Site Settings page's mediator over a content settings map in memory prefs.
@MainActor
struct SiteSettingsMediatorTests {
    let map: HostContentSettingsMap = {
        let registry = PrefRegistry()
        HostContentSettingsMap.registerProfilePrefs(registry)
        return HostContentSettingsMap(prefs: PrefService(registry: registry))
    }()
    let consumer = RecordingSiteSettingsConsumer()
    let local = Origin(url: URL(string: "http://127.0.0.1:8000/")!)!
    let example = Origin(url: URL(string: "https://example.com/")!)!

    @Test func everySiteWithADecisionIsListedAndFollowsTheMap() {
        map.setContentSetting(.allow, for: local, type: .notifications)
        let mediator = SiteSettingsMediator(map: map)
        mediator.consumer = consumer
        #expect(consumer.lines == ["127.0.0.1:8000: Notifications on"])
        map.setContentSetting(.block, for: local, type: .geolocation)
        map.setContentSetting(.allow, for: example, type: .mediastreamCamera)
        #expect(
            consumer.lines == ["127.0.0.1:8000: Location off, Notifications on", "example.com: Camera on"])
        #expect(consumer.pushes.last?.first?.id == "http://127.0.0.1:8000")
        mediator.disconnect()
        map.clearSettings(for: example)
        #expect(consumer.pushes.count == 3, "nothing after disconnect")
    }

    @Test func thePagesChangesAndResetsGoToTheMap() {
        map.setContentSetting(.allow, for: local, type: .notifications)
        map.setContentSetting(.block, for: example, type: .mediastreamMic)
        let mediator = SiteSettingsMediator(map: map)
        mediator.consumer = consumer
        mediator.setPermission("notifications", ofSite: "http://127.0.0.1:8000", allowed: false)
        #expect(map.contentSetting(for: local, type: .notifications) == .block)
        mediator.resetSite("https://example.com:443")
        #expect(consumer.lines == ["127.0.0.1:8000: Notifications off"])
        mediator.setPermission("no-such-type", ofSite: "http://127.0.0.1:8000", allowed: true)
        mediator.resetSite("not an origin")
        #expect(consumer.lines == ["127.0.0.1:8000: Notifications off"])
    }

    @Test func usingTheMediatorAfterDisconnectFailsNamingIt() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let registry = PrefRegistry()
                HostContentSettingsMap.registerProfilePrefs(registry)
                let mediator = SiteSettingsMediator(
                    map: HostContentSettingsMap(prefs: PrefService(registry: registry)))
                mediator.disconnect()
                mediator.resetSite("http://a.test:80")
            }
        }.expectPreconditionMessage("SiteSettingsMediator.resetSite(_:) used after disconnect()")
    }
}
