/// A cycle among keyed-service factories' dependencies, which makes the dependency graph
/// unusable.
///
/// Its description reads `KeyedServiceDependencyCycle: A -> B -> C -> A`, where each
/// factory depends on the next.
public struct KeyedServiceDependencyCycle: Error, Equatable, CustomStringConvertible {
    /// The names of the factories on the cycle, each depending on the next; the last one
    /// depends on the first.
    public let factoryNames: [String]

    /// Creates the error for the cycle through `factoryNames`.
    public init(factoryNames: [String]) { self.factoryNames = factoryNames }

    /// `KeyedServiceDependencyCycle: A -> B -> A`.
    public var description: String {
        "KeyedServiceDependencyCycle: " + (factoryNames + factoryNames.prefix(1)).joined(separator: " -> ")
    }
}
