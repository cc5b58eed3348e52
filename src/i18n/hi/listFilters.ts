/** The line a list shows while a stored search or filter applies (issue 24). */
export default {
    on: 'लागू फ़िल्टर:',
    search: 'खोज “%{value}”',
    clear: 'फ़िल्टर हटाएँ',
};
