/** The CSV import dialog of lists that take one (`app.csv_import.*`). */
export default {
    button: 'Import',
    title: 'Import %{name} from a CSV file',
    hint: 'Use the columns of the CSV export (names, not ids; Active/Inactive; amounts in rupees). At most 2 MB and 5,000 rows. Pictures come by the addresses the export writes: this shop’s own, or another shop’s /uploads/… addresses, which are fetched; a row whose picture cannot be had is added without it, and the report says so.',
    pick: 'Choose a CSV file',
    other_file: 'Choose another file',
    reading: 'Checking the file…',
    importing: 'Importing…',
    too_big: 'The file is larger than 2 MB; split it into smaller files.',
    not_csv: 'Choose a CSV file (.csv).',
    ready: '%{smart_count} row ready |||| %{smart_count} rows ready',
    refused: '%{smart_count} row refused |||| %{smart_count} rows refused',
    added: '%{smart_count} row added |||| %{smart_count} rows added',
    ignored: 'Left out: %{columns}. An import adds new rows under ids of their own.',
    ignored_by_key: 'Left out: %{columns}. A row whose %{key} the shop already has updates that record; any other row is added under an id of its own.',
    first_rows: 'The first %{count} of %{total} rows',
    more_refused: 'Also refused, on lines: %{lines}',
    line: 'Line',
    // What each row does: its problems when refused, else Add, Update with its changes, or OK.
    problems: 'Check',
    row: 'Row',
    ok: 'OK',
    // An accepted row of an import that can update: what it does.
    add: 'Add',
    update: 'Update',
    // An update whose row is the record as it stands.
    unchanged: 'No change',
    import: 'Import %{smart_count} row |||| Import %{smart_count} rows',
    nothing_to_import: 'No row can be imported; correct the file and choose it again.',
    done_title: 'Import finished',
    close: 'Close',
    cancel: 'Cancel',
};
