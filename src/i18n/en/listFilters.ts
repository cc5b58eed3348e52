/** The line a list shows while a stored search or filter applies, so nobody reads a narrowed list as the whole. */
export default {
    on: 'Filters on (kept until you clear them):',
    search: 'search “%{value}”',
    clear: 'Clear filters',
};
