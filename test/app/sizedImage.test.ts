import { describe, expect, it } from 'vitest';

import { sizedImage } from '../../src/common/sizedImage';

describe('sizedImage', () => {
    it('asks for the copy that fills the drawn width, offering up to three times it', () => {
        expect(sizedImage('/uploads/a.jpg', 48)).toEqual({
            src: '/uploads/a.jpg?w=64',
            srcSet: '/uploads/a.jpg?w=64 64w, /uploads/a.jpg?w=160 160w',
            sizes: '48px',
        });
        expect(sizedImage('/uploads/a.jpg', 320).srcSet).toBe('/uploads/a.jpg?w=64 64w, /uploads/a.jpg?w=160 160w, /uploads/a.jpg?w=320 320w, /uploads/a.jpg?w=640 640w, /uploads/a.jpg?w=1280 1280w');
        expect(sizedImage('/uploads/a.jpg', 2000).src).toBe('/uploads/a.jpg?w=1280');
    });

    it('leaves a new file’s preview and an address from elsewhere as they are', () => {
        expect(sizedImage('blob:http://localhost/1', 48)).toEqual({ src: 'blob:http://localhost/1' });
        expect(sizedImage('https://example.com/x.png', 48)).toEqual({ src: 'https://example.com/x.png' });
    });
});
