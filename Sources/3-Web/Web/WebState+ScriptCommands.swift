extension WebState {
    struct ScriptCallbackEntry {
        let id: Int
        let prefix: String
        let callback: @MainActor (ScriptCommand) -> Void
    }

    /// Registers `callback` for script commands whose name starts with `prefix` and a dot.
    /// It stays registered while the returned subscription lives.
    public func addScriptCommandCallback(
        prefix: String, _ callback: @escaping @MainActor (ScriptCommand) -> Void
    ) -> ScriptCommandSubscription {
        precondition(
            !prefix.isEmpty && !prefix.contains("."), "WebState: bad script command prefix '\(prefix)'")
        nextCallbackID += 1
        let entryID = nextCallbackID
        scriptCallbacks =
            (scriptCallbacks ?? []) + [ScriptCallbackEntry(id: entryID, prefix: prefix, callback: callback)]
        return ScriptCommandSubscription { [weak self] in
            self?.scriptCallbacks?.removeAll { $0.id == entryID }
        }
    }

    /// Runs the callbacks registered for `command`'s prefix.
    func dispatchScriptCommand(_ command: ScriptCommand) {
        let prefix = command.prefix
        for entry in scriptCallbacks ?? [] where entry.prefix == prefix { entry.callback(command) }
    }
}
