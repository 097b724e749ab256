import CWebKitGTK

extension WebKitWebContent {
    /// Shows WebKit's Web Inspector for the page (`webkit_web_inspector_show`; the engine's
    /// settings enable developer extras). WebKit docks it in the view's window when it can
    /// and opens it in a window of its own otherwise.
    public func showInspector() {
        guard let view = webViewPointer, let inspector = webkit_web_view_get_inspector(view) else { return }
        webkit_web_inspector_show(inspector)
    }

    /// Reads the main resource's data (`webkit_web_resource_get_data`) and decodes it as UTF-8,
    /// replacing what is not (WebKitGTK has no `view-source:`).
    public func mainResourceText(completion: @escaping @MainActor (String?) -> Void) {
        guard let view = webViewPointer, let resource = webkit_web_view_get_main_resource(view) else {
            return completion(nil)
        }
        webkit_web_resource_get_data(
            resource, nil, AsyncCompletion.callback,
            AsyncCompletion.userData { source, result in
                var length = 0
                guard let source, let result,
                    let data = webkit_web_resource_get_data_finish(
                        OpaquePointer(source), result,
                        &length, nil)
                else { return completion(nil) }
                defer { g_free(data) }
                completion(String(decoding: UnsafeBufferPointer(start: data, count: length), as: UTF8.self))
            })
    }
}
