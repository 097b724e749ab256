import Base

extension WebState {
    var observers: ObserverList<any WebStateObserver>? { observersStorage }

    /// Adds an observer (held weakly).
    public func addObserver(_ observer: any WebStateObserver) {
        if observersStorage == nil { observersStorage = ObserverList() }
        observersStorage!.add(observer)
    }

    public func removeObserver(_ observer: any WebStateObserver) { observersStorage?.remove(observer) }

    /// Whether `observer` is registered.
    public func hasObserver(_ observer: any WebStateObserver) -> Bool {
        observersStorage?.contains(observer) ?? false
    }

    /// Adds a policy decider (held weakly).
    public func addPolicyDecider(_ decider: any WebStatePolicyDecider) {
        if decidersStorage == nil { decidersStorage = ObserverList() }
        decidersStorage!.add(decider)
    }

    public func removePolicyDecider(_ decider: any WebStatePolicyDecider) { decidersStorage?.remove(decider) }

    /// Asks every policy decider about `request`; the first `.cancel` wins.
    public func decidePolicy(for request: NavigationRequest) -> PolicyDecision {
        var decision = PolicyDecision.allow
        decidersStorage?.forEach { decider in
            if decision == .allow, decider.shouldAllowRequest(request, in: self) == .cancel {
                decision = .cancel
            }
        }
        return decision
    }

    /// Asks the policy deciders whether the page of `response` may commit; the first that
    /// cancels wins.
    public func decidePolicy(for response: NavigationResponse) -> PolicyDecision {
        var decision = PolicyDecision.allow
        decidersStorage?.forEach { decider in
            if decision == .allow, decider.shouldAllowResponse(response, in: self) == .cancel {
                decision = .cancel
            }
        }
        return decision
    }
}
