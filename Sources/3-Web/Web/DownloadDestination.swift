public import Foundation

/// Where a download is saved, as its context's ``DownloadDestinationDelegate`` decides.
public enum DownloadDestination: Sendable, Equatable {
    /// In this folder, under the suggested name made unique (`name (1).ext` …).
    case directory(URL)
    /// As this file, replacing one there (the user chose it and confirmed).
    case file(URL)
}
