public import Base

extension WebState {
    /// Evaluates JavaScript in the page; realizes.
    public func evaluateJavaScript(
        _ script: String, completion: @escaping @MainActor (Result<JavaScriptValue, JavaScriptError>) -> Void
    ) {
        realizedContent.evaluateJavaScript(script, completion: completion)
    }
    /// The native view; realizes.
    public var view: ViewHandle { realizedContent.view }
    /// Shows the engine's print dialog for the page over the window the view is in; realizes.
    public func printPage() { realizedContent.printPage() }
    /// Opens the engine's web inspector for the page; realizes.
    public func showInspector() { realizedContent.showInspector() }
    /// The committed page's source (``WebContent/mainResourceText(completion:)``); nil at once
    /// for an unrealized tab, which has no page loaded.
    public func mainResourceText(completion: @escaping @MainActor (String?) -> Void) {
        guard let content else { return completion(nil) }
        content.mainResourceText(completion: completion)
    }
    /// The engine's find-in-page controller; realizes.
    public func makeFindInPageController() -> any FindInPageController {
        realizedContent.makeFindInPageController()
    }
}
