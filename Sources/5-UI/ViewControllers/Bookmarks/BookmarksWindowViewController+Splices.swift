import CGTK
import Foundation

extension BookmarksWindowViewController {
    /// Changes a `GtkStringList` of keys by splices rather than a reset, as the History
    /// window does: GTK keeps the selection and the scroll position of the rows that stay.
    enum Splices {
        /// Turns `model`, which holds `oldKeys`, into `newKeys`, each run of removed or
        /// inserted keys one splice.
        @MainActor
        static func apply(_ newKeys: [String], over oldKeys: [String], to model: OpaquePointer) {
            if oldKeys.isEmpty || newKeys.isEmpty {
                // Nothing to keep: one splice, not a diff (a folder of 10,000 rows shown).
                if oldKeys != newKeys { splice(model, at: 0, removing: oldKeys.count, inserting: newKeys) }
                return
            }
            let difference = newKeys.difference(from: oldKeys)
            var removals: [Int] = []
            var insertions: [(offset: Int, key: String)] = []
            for change in difference {
                switch change {
                case .remove(let offset, _, _): removals.append(offset)
                case .insert(let offset, let key, _): insertions.append((offset, key))
                }
            }
            // Removals last first, so that earlier offsets stay right; runs of neighbours at once.
            let ascendingRemovals = removals.sorted()
            var index = ascendingRemovals.count - 1
            while index >= 0 {
                var start = ascendingRemovals[index]
                var count = 1
                while index - count >= 0, ascendingRemovals[index - count] == start - 1 {
                    start -= 1
                    count += 1
                }
                splice(model, at: start, removing: count, inserting: [])
                index -= count
            }
            // Insertions first first, at their offsets in the new list.
            let ascending = insertions.sorted { $0.offset < $1.offset }
            var position = 0
            while position < ascending.count {
                var run = [ascending[position].key]
                while position + run.count < ascending.count,
                    ascending[position + run.count].offset == ascending[position].offset + run.count
                {
                    run.append(ascending[position + run.count].key)
                }
                splice(model, at: ascending[position].offset, removing: 0, inserting: run)
                position += run.count
            }
        }

        @MainActor
        static func splice(
            _ model: OpaquePointer, at position: Int, removing count: Int, inserting strings: [String]
        ) {
            var pointers: [UnsafePointer<CChar>?] = strings.map { UnsafePointer(strdup($0)) }
            pointers.append(nil)
            defer { for pointer in pointers { free(UnsafeMutableRawPointer(mutating: pointer)) } }
            pointers.withUnsafeBufferPointer { buffer in
                gtk_string_list_splice(model, guint(position), guint(count), buffer.baseAddress)
            }
        }
    }
}
