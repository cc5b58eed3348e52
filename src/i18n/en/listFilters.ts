/** The line a list shows while a stored search or filter applies (issue 24). */
export default {
    on: 'Filters on:',
    search: 'search “%{value}”',
    clear: 'Clear filters',
};
