// Spec §9: loading gives up after 120 seconds and says so, with a way to reload; the app fills #root once it runs.
setTimeout(function () {
    var root = document.getElementById('root');
    if (root && !root.hasChildNodes()) {
        root.innerHTML =
            '<p style="font-family:sans-serif;padding:2em">The app took too long to load. Check the connection and <a href="">reload</a>.</p>';
    }
}, 120000);
