public import KeyedServices
public import Profiles

extension BookmarkModel: KeyedService {}

/// Makes the ``BookmarkModel`` of a profile, its file in the profile's directory
/// (``BookmarkStore/fileName``). An off-the-record profile gets its regular profile's model,
/// as in Chromium (`BookmarkModelFactory`'s `GetBrowserContextRedirectedInIncognito`),
/// Firefox and GNOME Web: a private window reads those bookmarks and adds to them.
@MainActor
public final class BookmarkModelFactory {
    public let factory: KeyedServiceFactory<BookmarkModel>

    private init(application: ApplicationContext) {
        factory = KeyedServiceFactory<BookmarkModel>(
            name: "BookmarkModel", offTheRecord: .redirectedToOriginal
        ) {
            context in
            let profile = context as! Profile
            return BookmarkModel(
                store: BookmarkStore(
                    path: profile.statePath.appendingPathComponent(BookmarkStore.fileName).path))
        }
        application.dependencyManager.register(factory)
    }

    /// Registers the factory with `application` (before its first profile).
    public static func register(in application: ApplicationContext) -> BookmarkModelFactory {
        BookmarkModelFactory(application: application)
    }

    /// The bookmarks of `profile` (its regular profile's for an off-the-record one).
    public func model(for profile: Profile) -> BookmarkModel {
        factory.requiredService(for: profile)
    }
}
