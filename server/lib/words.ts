// Small helpers for the sentences the API answers with.

export const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const withArticle = (word: string) => `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
