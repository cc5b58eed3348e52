/** The line a list shows while a stored search or filter applies, so nobody reads a narrowed list as the whole. */
export default {
    on: 'लागू फ़िल्टर (हटाने तक बने रहते हैं):',
    search: 'खोज “%{value}”',
    clear: 'फ़िल्टर हटाएँ',
};
