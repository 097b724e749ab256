public import Commands

// The window's UI properties that its parts follow through the Browser's `Broadcaster`
// (Chromium's ChromeBroadcaster): what the fullscreen view controller publishes of its window,
// and what the fullscreen mediator publishes from it.

extension BroadcastProperty where Value == Bool {
    /// Whether the window is fullscreen, as the desktop reports it (the window view controller
    /// publishes it).
    public static var isFullscreen: Self { Self("isFullscreen") }
    /// Whether the keyboard focus is in the window's toolbar area: the header bar (location
    /// entry, buttons, the menus they open) or the tab strip (the window view controller
    /// publishes it).
    public static var isFocusInToolbar: Self { Self("isFocusInToolbar") }
    /// Whether the toolbar — the header bar and the tab strip under it — is revealed over the
    /// page while the window is fullscreen; false outside fullscreen (the fullscreen mediator
    /// publishes it, the window view controller follows it).
    public static var isToolbarRevealedInFullscreen: Self { Self("isToolbarRevealedInFullscreen") }
    /// Whether the tab strip is shown (the fullscreen mediator publishes it, the tab strip
    /// follows it).
    public static var isTabStripVisible: Self { Self("isTabStripVisible") }
}

extension BroadcastProperty where Value == FullscreenPointerPosition {
    /// Where the pointer is in the window (the window view controller publishes it).
    public static var fullscreenPointerPosition: Self { Self("fullscreenPointerPosition") }
}
