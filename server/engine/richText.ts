import sanitizeHtml from 'sanitize-html';

/** A picture's source a page may show: a web address, or a file the shop uploaded (`/uploads/…`). */
const PICTURE_SOURCE = /^(https?:\/\/[^\s/]|\/uploads\/(?![^?#]*\.\.)[^/\\])/i;

// What a page body may hold: the editor's formatting, links and pictures — never scripts, event
// handlers, styles, frames, or links that run code (`javascript:`, `data:`). A picture whose source is
// anything else (`x`, `//host/…`, `../`) is dropped whole: the schemes alone let relative sources through.
const OPTIONS: sanitizeHtml.IOptions = {
    allowedTags: ['p', 'br', 'h1', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'blockquote', 'ul', 'ol', 'li', 'a', 'img', 'hr', 'code', 'pre', 'span'],
    allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'title'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
    exclusiveFilter: (frame) => frame.tag === 'img' && !PICTURE_SOURCE.test(frame.attribs.src ?? ''),
};

/** A rich-text body as it may be stored and shown: the allow-list above, everything else dropped. */
export const cleanHtml = (html: string) => sanitizeHtml(html, OPTIONS);
