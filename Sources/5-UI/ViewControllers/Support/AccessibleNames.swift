import CAdwaita
import CGTK
import GTKShims

/// Gives every button under `root` (itself included) that shows the icon `iconName` the
/// accessible name `label`: the icon-only buttons GTK and libadwaita make inside their
/// widgets (a search bar's close button, a tab's) have none in GTK 4.8, where a screen
/// reader then says only "button".
@MainActor
func setAccessibleLabelOfIconButtons(
    in root: UnsafeMutablePointer<GtkWidget>, iconName: String, _ label: String
) {
    if gtkshim_is_a(UnsafeMutableRawPointer(root), gtk_button_get_type()) != 0,
        let icon = gtk_button_get_icon_name(cast(root)), String(cString: icon) == iconName
    {
        gtkshim_set_accessible_label(root, label)
    }
    var child = gtk_widget_get_first_child(root)
    while let current = child {
        setAccessibleLabelOfIconButtons(in: current, iconName: iconName, label)
        child = gtk_widget_get_next_sibling(current)
    }
}

/// Gives the image of `entry`'s primary icon the accessible name `label` (nil: none). GTK
/// 4.8 draws an entry's icon as a `GtkImage` child of the entry, without a name.
@MainActor
func setAccessibleLabelOfPrimaryIcon(of entry: UnsafeMutablePointer<GtkWidget>, _ label: String?) {
    setAccessibleLabelOfEntryIcon(of: entry, secondary: false, label)
}

/// Gives the image of one of `entry`'s icons the accessible name `label` (nil: none). GTK 4.8
/// puts the primary icon's `GtkImage` before the entry's `GtkText` child and the secondary
/// one's after it, so that each is found by its side of the text, whether or not the other
/// is shown.
@MainActor
func setAccessibleLabelOfEntryIcon(
    of entry: UnsafeMutablePointer<GtkWidget>, secondary: Bool, _ label: String?
) {
    var child = gtk_widget_get_first_child(entry)
    var pastText = false
    while let current = child {
        if gtkshim_is_a(UnsafeMutableRawPointer(current), gtk_text_get_type()) != 0 {
            if !secondary { return }
            pastText = true
        } else if pastText == secondary,
            gtkshim_is_a(UnsafeMutableRawPointer(current), gtk_image_get_type()) != 0
        {
            if let label {
                gtkshim_set_accessible_label(current, label)
            } else {
                gtk_accessible_reset_property(OpaquePointer(current), GTK_ACCESSIBLE_PROPERTY_LABEL)
            }
            return
        }
        child = gtk_widget_get_next_sibling(current)
    }
}
