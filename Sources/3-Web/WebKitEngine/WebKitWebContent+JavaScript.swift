import CWebKitGTK
public import Web

extension WebKitWebContent {
    /// Evaluates `script` in the main frame; the completion runs once, on the main actor.
    public func evaluateJavaScript(
        _ script: String, completion: @escaping @MainActor (Result<JavaScriptValue, JavaScriptError>) -> Void
    ) {
        guard let view = webViewPointer else {
            return completion(.failure(JavaScriptError(message: "The web content is closed")))
        }
        let userData = AsyncCompletion.userData { [weak self] _, result in
            var error: UnsafeMutablePointer<GError>?
            let value = webkit_web_view_evaluate_javascript_finish(view, result, &error)
            defer {
                if let value { g_object_unref(UnsafeMutableRawPointer(value)) }
                if error != nil { g_error_free(error) }
            }
            guard let self, !self.isClosed else {
                return completion(.failure(JavaScriptError(message: "The web content is closed")))
            }
            if let value {
                completion(.success(JavaScriptValueConversion.convert(value)))
            } else {
                let message =
                    error?.pointee.message.map { String(cString: $0) } ?? "JavaScript evaluation failed"
                completion(.failure(JavaScriptError(message: message)))
            }
        }
        webkit_web_view_evaluate_javascript(
            view, script, -1, nil, nil, nil, AsyncCompletion.callback, userData)
    }
}
