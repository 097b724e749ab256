import CWebKitGTK
import GLibSupport
import Web

// What the page or its server asks of the user: JavaScript dialogs ("script-dialog") and
// HTTP authentication ("authenticate"). WebKit shows its own unless the delegate refuses.
extension WebKitWebContent {
    /// A refused dialog is handled without being shown: WebKit answers it as dismissed
    /// (`confirm` false, `prompt` null).
    func scriptDialog(_ args: SignalArguments) {
        guard let delegate, !delegate.webContentShouldShowJavaScriptDialog(self) else { return }
        args.setReturnValue(true)
    }

    /// A refused challenge is cancelled: the load goes on without credentials.
    func authenticate(_ args: SignalArguments) {
        guard let delegate, let request = args.object(at: 1),
            !delegate.webContentShouldShowAuthenticationPrompt(self)
        else { return }
        webkit_authentication_request_cancel(OpaquePointer(request))
        args.setReturnValue(true)
    }
}
