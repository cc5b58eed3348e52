/**
 * The OpenAPI operationId of a route: its method and path in camel case, a path parameter read as
 * "By<Name>" (`GET /api/categories/:id` is `getCategoriesById`). Stable while the route is, unique
 * because method and path are, and a name code generators can turn into a function.
 */
export function operationId(method: string, url: string): string {
    const words = url
        .replace(/^\/api(?=\/|$)/, '')
        .split('/')
        .filter(Boolean)
        .flatMap((segment) => (segment.startsWith(':') || segment.startsWith('{') ? ['by', ...wordsOf(segment)] : wordsOf(segment)));
    return [method.toLowerCase(), ...words.map(capitalized)].join('');
}

function wordsOf(text: string): string[] {
    return text.split(/[^A-Za-z0-9]+/).filter(Boolean);
}

function capitalized(word: string): string {
    return word[0].toUpperCase() + word.slice(1);
}
