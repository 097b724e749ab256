public import Omnibox

/// The classifier lives in the Omnibox library, whose what-you-typed suggestion uses it too;
/// the mediators, the context menu's "search for" and the command line keep this name.
public typealias LocationInputClassifier = Omnibox.LocationInputClassifier
