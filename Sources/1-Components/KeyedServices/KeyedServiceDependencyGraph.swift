/// Orders a dependency graph given as indices: `dependencies[i]` lists the nodes node `i`
/// depends on. Node indices are registration order, which breaks ties.
struct KeyedServiceDependencyGraph {
    enum Ordering: Equatable {
        /// Every node, dependencies first; among nodes that are ready, the lowest index first.
        case ordered([Int])
        /// A cycle, each node depending on the next and the last on the first.
        case cycle([Int])
    }

    let dependencies: [[Int]]

    func ordering() -> Ordering {
        if let cycle = findCycle() { return .cycle(cycle) }
        return .ordered(topologicalOrder())
    }

    /// The first cycle a depth-first search finds, starting from the lowest index and
    /// following dependencies in declaration order.
    func findCycle() -> [Int]? {
        enum Mark { case unvisited, onPath, done }
        var marks = [Mark](repeating: .unvisited, count: dependencies.count)
        var path: [Int] = []

        func visit(_ node: Int) -> [Int]? {
            marks[node] = .onPath
            path.append(node)
            for dependency in dependencies[node] {
                switch marks[dependency] {
                case .onPath:
                    let start = path.lastIndex(of: dependency)!
                    return Array(path[start...])
                case .unvisited:
                    if let cycle = visit(dependency) { return cycle }
                case .done:
                    break
                }
            }
            path.removeLast()
            marks[node] = .done
            return nil
        }

        for node in dependencies.indices where marks[node] == .unvisited {
            if let cycle = visit(node) { return cycle }
        }
        return nil
    }

    /// Kahn's algorithm, always taking the ready node with the lowest index. The graph must
    /// be acyclic.
    private func topologicalOrder() -> [Int] {
        var dependents = [[Int]](repeating: [], count: dependencies.count)
        var pending = [Int](repeating: 0, count: dependencies.count)
        for (node, nodeDependencies) in dependencies.enumerated() {
            for dependency in Set(nodeDependencies) {
                dependents[dependency].append(node)
                pending[node] += 1
            }
        }
        var isReady = pending.map { $0 == 0 }
        var order: [Int] = []
        order.reserveCapacity(dependencies.count)
        while let next = isReady.firstIndex(of: true) {
            isReady[next] = false
            pending[next] = -1
            order.append(next)
            for dependent in dependents[next] {
                pending[dependent] -= 1
                if pending[dependent] == 0 { isReady[dependent] = true }
            }
        }
        precondition(order.count == dependencies.count, "KeyedServiceDependencyGraph: the graph has a cycle")
        return order
    }
}
