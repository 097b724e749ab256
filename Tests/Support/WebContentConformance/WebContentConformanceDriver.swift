public import Foundation
public import Web

/// An engine under the conformance scenarios (``WebContentScenario``): what a scenario
/// cannot do through ``WebState`` and its ``WebContent`` alone.
@MainActor
public protocol WebContentConformanceDriver: AnyObject {
    /// The context the scenarios make their WebStates in.
    var context: any WebEngineContext { get }
    /// The origin of the pages but ``ConformancePage/unreachable``: the recorded events name
    /// URLs relative to it.
    var origin: URL { get }
    /// Where `page` is.
    func url(of page: ConformancePage) -> URL
    /// Runs the engine until `condition` holds; returns whether it did in time. An engine
    /// that reports everything within the call that caused it only checks.
    func wait(until condition: () -> Bool) -> Bool
    /// Lets the engine deliver what it has ready now, so that the events the last step caused
    /// are recorded before the scenario ends.
    func settle()
    /// Makes the page shown in `webState` set its title by script (`document.title`).
    func setTitleByScript(_ title: String, in webState: WebState)
    /// Makes the page shown in `webState` click a link to `url` (a script's click).
    func clickLink(to url: URL, in webState: WebState)
    /// Makes the page shown in `webState` submit a form whose action is `url` by POST.
    func submitForm(to url: URL, in webState: WebState)
}
