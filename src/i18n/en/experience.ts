/** App-wide words of the shared list, form and layout pieces: errors, bulk actions, uploads, theme, language. */
export default {
    error: {
        list_title: 'The list could not be loaded',
        retry: 'Retry',
        refused: 'The server said: %{message}',
        server: 'The server failed (error %{status}). Try again in a moment.',
        status: 'The server answered with error %{status}.',
        unreachable: 'The server cannot be reached. Check the connection and try again.',
        fetch_list_error: 'Failed to load the list. Please try again.',
        fetch_one_error: 'Failed to load the record.',
        submit_error: 'Failed to save. Please try again.',
        toggle_error: 'Failed to change the status. Please try again.',
        delete_error: 'Failed to delete. Please try again.',
        bulk_error: 'Failed to change the selected rows. Please try again.',
        chunk_title: 'A part of the app could not be loaded',
        chunk_text: 'The app may have been updated, or the connection dropped. Reload to continue.',
        reload: 'Reload',
        timeout: 'The app took too long to load. Check the connection and reload.',
    },
    bulk: {
        activate: 'Activate selected',
        deactivate: 'Deactivate selected',
        delete: 'Delete selected',
        done_activate: '%{smart_count} row activated |||| %{smart_count} rows activated',
        done_deactivate: '%{smart_count} row deactivated |||| %{smart_count} rows deactivated',
        done_delete: '%{smart_count} row deleted |||| %{smart_count} rows deleted',
        refused_rows: '%{smart_count} refused: |||| %{smart_count} refused:',
        refused: 'refused',
        confirm_delete_title: 'Delete %{smart_count} row |||| Delete %{smart_count} rows',
        confirm_delete: 'Are you sure you want to delete the selected row? |||| Are you sure you want to delete these %{smart_count} rows?',
    },
    upload: {
        hint: 'JPEG, PNG, WebP or GIF, up to 5 MB.',
        too_large: 'This image is larger than 5 MB. Please choose a smaller one.',
        wrong_type: 'This file is not a JPEG, PNG, WebP or GIF image. Please choose an image.',
        not_an_image: 'This file is not a readable image. Please choose another one.',
    },
    theme: {
        toggle: 'Switch between light and dark',
    },
    language: {
        choose: 'Language',
    },
    reference: {
        inactive: '%{name} (inactive)',
    },
};
